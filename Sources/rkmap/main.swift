// The thin executable: everything `rkmap` does lives in the RKMapCLI target.
import RKMapCLI

CommandLineTool.main()
