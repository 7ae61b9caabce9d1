import RKMap
// Placeholder: the command line is built in the CLI work.
print("rkmap")
