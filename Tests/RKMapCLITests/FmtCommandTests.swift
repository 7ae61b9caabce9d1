import Foundation
import Testing

/// `rkmap fmt` with several files, `--check` for CI, and the comment rule:
/// fmt never loses a comment silently (docs/spec.md §1, §1.1).
@Suite struct FmtCommandTests {
    static let canonical = """
        {
          "description": "users endpoint",
          "keyPath": "users",
          "mappers": [
            {
              "id": "user",
              "attributes": [
                "id"
              ]
            }
          ]
        }

        """
    static let relaxed = "{ \"keyPath\": \"users\", \"mappers\": [ { \"id\": \"user\", \"attributes\": [\"id\",] } ] }\n"
    static let commented = "{\n  // the users endpoint\n  \"keyPath\": \"users\",\n  /* one mapper */ \"mappers\": [ { \"id\": \"user\", \"attributes\": [\"id\"] } ]\n}\n"

    @Test func checkListsTheFilesThatAreNotCanonical() throws {
        let scratch = try Scratch()
        let a = try scratch.write("a.json", Self.canonical)
        let b = try scratch.write("b.json", Self.relaxed)
        let c = try scratch.write("c.json", Self.commented)
        let result = try RKMapExecutable.run(["fmt", "--check", a, b, c])
        #expect(result.status == 1)
        #expect(result.stdout == "\(b)\n\(c)\n")
        #expect(result.stderr == "error: 2 specs are not canonical; run 'rkmap fmt --write' on them\n")
        // Nothing was changed.
        #expect(try String(contentsOfFile: b, encoding: .utf8) == Self.relaxed)
    }

    /// A document whose top level is not an object or an array is no spec:
    /// `fmt` refuses it as `lint` does (exit 2, nothing printed or written),
    /// in strict JSON and in the relaxed syntax alike, so `fmt --check` in CI
    /// does not pass a file `apply` cannot read.
    @Test(arguments: [("42\n", "a number"), ("\"x\"", "a string"), ("null", "null"), ("  true\n", "a boolean"), ("// note\n42\n", "a number")])
    func aTopLevelThatIsNoSpecIsRefused(text: String, found: String) throws {
        let scratch = try Scratch()
        let spec = try scratch.write("s.json", text)
        let line = text.hasPrefix("//") ? 2 : 1
        let column = text.hasPrefix("  ") ? 3 : 1
        let message = "\(spec):\(line):\(column): error: a spec must be a JSON object or an array of descriptor objects; found \(found)\n"
        for args in [["fmt", spec], ["fmt", "--check", spec], ["fmt", "--write", spec]] {
            let result = try RKMapExecutable.run(args)
            #expect(result.status == 2 && result.stdout.isEmpty && result.stderr == message, "\(args): \(result)")
        }
        #expect(try String(contentsOfFile: spec, encoding: .utf8) == text)
        let lint = try RKMapExecutable.run(["lint", spec])
        #expect(lint.status == 2 && lint.stderr.contains(message), "\(lint)")
    }

    /// A top-level array is a spec only when its elements are descriptor
    /// objects: `[1, 2]` is refused at its first other element, as no spec
    /// (`lint` refuses it too), where `fmt` printed it back with exit 0.
    @Test func anArrayOfOtherThanObjectsIsRefused() throws {
        let scratch = try Scratch()
        let numbers = try scratch.write("n.json", "[1, 2]")
        let mixed = try scratch.write("m.json", #"[{"mappers": []}, null]"#)
        for (file, at, found) in [(numbers, "1:2", "a number"), (mixed, "1:19", "null")] {
            let message = "\(file):\(at): error: a spec must be a JSON object or an array of descriptor objects; "
                + "found an array with an element that is \(found)\n"
            for args in [["fmt", file], ["fmt", "--check", file], ["fmt", "--write", file]] {
                let result = try RKMapExecutable.run(args)
                #expect(result.status == 2 && result.stdout.isEmpty && result.stderr == message, "\(args): \(result)")
            }
            #expect(try RKMapExecutable.run(["lint", file]).status == 2)
        }
        #expect(try String(contentsOfFile: numbers, encoding: .utf8) == "[1, 2]")
        let descriptors = try scratch.write("d.json", #"[{"keyPath": "a", "mappers": [{"id": "m", "attributes": ["x"]}]}]"#)
        let formatted = try RKMapExecutable.run(["fmt", descriptors])
        #expect(formatted.status == 0 && formatted.stdout.hasPrefix("[\n  {\n    \"keyPath\": \"a\","), "\(formatted)")
    }

    @Test func checkPassesWhenEveryFileIsCanonical() throws {
        let scratch = try Scratch()
        let a = try scratch.write("a.json", Self.canonical)
        let result = try RKMapExecutable.run(["fmt", "--check", a, "specs/quick-example.json", "specs/example2-relationship.json"])
        #expect(result.status == 0 && result.stdout.isEmpty && result.stderr.isEmpty, "\(result)")
    }

    @Test func writeFormatsSeveralFilesAndKeepsNoteFields() throws {
        let scratch = try Scratch()
        let a = try scratch.write("a.json", Self.relaxed)
        let b = try scratch.write("b.json", "{\"description\": \"users endpoint\", \"keyPath\": \"users\", \"mappers\": [{\"id\": \"user\", \"attributes\": [\"id\"]}]}")
        let result = try RKMapExecutable.run(["fmt", "--write", a, b])
        #expect(result.status == 0 && result.stdout.isEmpty, "\(result)")
        #expect(try String(contentsOfFile: b, encoding: .utf8) == Self.canonical)
        #expect(try String(contentsOfFile: a, encoding: .utf8) == Self.canonical.replacingOccurrences(of: "  \"description\": \"users endpoint\",\n", with: ""))
    }

    /// A spec written as strict JSON is formatted as it is read, its text
    /// compared with the file's a piece at a time: a file that is the
    /// canonical text but for its end (no final newline, one more), or that
    /// spells a boolean field `"YES"`, is not canonical; one that is stays
    /// untouched under `--write` (the same file, not a rewritten copy).
    @Test func strictJSONIsComparedAndWrittenAsItIsFormatted() throws {
        let scratch = try Scratch()
        let same = try scratch.write("same.json", Self.canonical)
        let short = try scratch.write("short.json", String(Self.canonical.dropLast()))
        let long = try scratch.write("long.json", Self.canonical + "\n")
        let yes = try scratch.write("yes.json", Self.canonical.replacingOccurrences(of: #""id": "user","#, with: #""id": "user", "entity": "YES","#))
        let check = try RKMapExecutable.run(["fmt", "--check", same, short, long, yes])
        #expect(check.status == 1)
        #expect(check.stdout == "\(short)\n\(long)\n\(yes)\n", "\(check)")
        let printed = try RKMapExecutable.run(["fmt", yes])
        #expect(printed.status == 0 && printed.stderr.isEmpty)
        #expect(printed.stdout == Self.canonical.replacingOccurrences(of: "\"id\": \"user\",\n", with: "\"id\": \"user\",\n      \"entity\": true,\n"))
        let before = try FileManager.default.attributesOfItem(atPath: same)[.systemFileNumber] as? Int
        let write = try RKMapExecutable.run(["fmt", "--write", same, short, long, yes])
        #expect(write.status == 0 && write.stdout.isEmpty && write.stderr.isEmpty, "\(write)")
        #expect(try FileManager.default.attributesOfItem(atPath: same)[.systemFileNumber] as? Int == before)
        for file in [same, short, long] { #expect(try String(contentsOfFile: file, encoding: .utf8) == Self.canonical) }
        #expect(try String(contentsOfFile: yes, encoding: .utf8) == printed.stdout)
        let again = try RKMapExecutable.run(["fmt", "--check", same, short, long, yes])
        #expect(again.status == 0 && again.stdout.isEmpty, "\(again)")
    }

    @Test func writeRefusesToDropComments() throws {
        let scratch = try Scratch()
        let c = try scratch.write("c.json", Self.commented)
        let result = try RKMapExecutable.run(["fmt", "--write", c])
        #expect(result.status == 1)
        #expect(result.stderr == """
            error: \(c): 2 comments (the first at line 2, column 3) would be lost; move them into "description" or "comment" members (docs/spec.md §1), or add --drop-comments; the file is unchanged

            """)
        #expect(try String(contentsOfFile: c, encoding: .utf8) == Self.commented)
    }

    @Test func dropCommentsLetsWriteDropThem() throws {
        let scratch = try Scratch()
        let c = try scratch.write("c.json", Self.commented)
        let result = try RKMapExecutable.run(["fmt", "--write", "--drop-comments", c])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        let text = try String(contentsOfFile: c, encoding: .utf8)
        #expect(!text.contains("//") && !text.contains("/*"))
        #expect(text.hasPrefix("{\n  \"keyPath\": \"users\",\n"))
    }

    @Test func printingWarnsAboutDroppedComments() throws {
        let scratch = try Scratch()
        let c = try scratch.write("c.json", Self.commented)
        let result = try RKMapExecutable.run(["fmt", c])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("{\n  \"keyPath\": \"users\",\n"))
        #expect(result.stderr == "warning: \(c): 2 comments (the first at line 2, column 3) are not in the output; keep notes in \"description\" or \"comment\" members\n")
    }

    @Test func writeAndCheckTogetherAreAUsageError() throws {
        let result = try RKMapExecutable.run(["fmt", "--write", "--check", "specs/quick-example.json"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: '--write' and '--check' cannot be used together; choose one\n"))
    }

    @Test func severalFilesWithoutWriteOrCheckAreAUsageError() throws {
        let result = try RKMapExecutable.run(["fmt", "specs/quick-example.json", "specs/example2-relationship.json"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: unexpected argument 'specs/example2-relationship.json': printing formats one spec; add '--write' or '--check' to format several\n"))
    }

    @Test func checkReportsASpecThatDoesNotParse() throws {
        let scratch = try Scratch()
        let bad = try scratch.write("bad.json", "{\"keyPath\": }")
        let result = try RKMapExecutable.run(["fmt", "--check", bad, "specs/quick-example.json"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("\(bad):1:13: error: "), "\(result)")
    }

    @Test func everyCommittedSpecIsCanonical() throws {
        let dir = RKMapExecutable.repositoryRoot.appendingPathComponent("specs").path
        let specs = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".json") }.sorted()
        let result = try RKMapExecutable.run(["fmt", "--check"] + specs.map { "specs/\($0)" })
        #expect(result.status == 0, "\(result)")
    }
}
