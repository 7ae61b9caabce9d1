import Foundation
import Testing

/// Every error a user can provoke with bad input, pinned end to end: exact
/// stderr, stdout and exit status of the built binary (docs/spec.md §1, §11; STYLE.md
/// "every error message a user can see has a test that pins its text and
/// location"). Locations were counted by hand from the files below (columns
/// count Unicode scalars; a tab is one column).
///
/// Each case runs in its own scratch directory holding its files. Cases that
/// read documents also run with `RKMAP_PIPELINE_THRESHOLD=0`, which forces the
/// multi-threaded path, and must give the same bytes there.
@Suite struct ErrorMessageTests {
    /// What a terminal would not show is written out: a second byte order
    /// mark (the first is skipped) printed as `found ''`.
    @Test func anInvisibleCharacterIsNamedInASyntaxError() throws {
        let dir = try Scratch()
        try dir.write("s.json", #"{"mappers": [{"id": "i", "attributes": ["a"]}]}"#)
        try dir.write("bom.json", "\u{FEFF}\u{FEFF}{}")
        try dir.write("zw.json", "{\"a\": 1,\u{200B} \"b\": 2}")
        let bom = try RKMapExecutable.run(["apply", "s.json", "bom.json"], directory: dir.url)
        #expect(bom.stderr == "bom.json:1:1: error: expected a value, found a byte order mark (U+FEFF)\n", "\(bom)")
        let spec = try RKMapExecutable.run(["lint", "bom.json"], directory: dir.url)
        #expect(spec.stderr.hasPrefix("bom.json:1:1: error: expected a value, found a byte order mark (U+FEFF)"), "\(spec)")
        let zw = try RKMapExecutable.run(["apply", "s.json", "zw.json"], directory: dir.url)
        #expect(zw.stderr == #"zw.json:1:9: error: expected a string key after ',', found '\u{200B}'"# + "\n", "\(zw)")
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var files: [String: [UInt8]]
        var args: [String]
        var stdin: [UInt8]?
        var out: String
        var err: String
        var code: Int32
        /// Maps documents, so the pipeline must agree with the serial path.
        var readsDocuments: Bool

        var testDescription: String { name }

        init(_ name: String, files: [String: String] = [:], bytes: [String: [UInt8]] = [:], _ args: [String],
             stdin: String? = nil, out: String = "", err: String, code: Int32, readsDocuments: Bool = false) {
            self.name = name
            var all = bytes
            for (file, text) in files { all[file] = Array(text.utf8) }
            self.files = all
            self.args = args
            self.stdin = stdin.map { Array($0.utf8) }
            self.out = out
            self.err = err
            self.code = code
            self.readsDocuments = readsDocuments
        }
    }

    /// A spec mapping `items` with one mapper, and a document it maps.
    static let spec = #"{"keyPath": "items", "mappers": [{"id": "item", "target": "Item", "attributes": ["id"]}]}"#
    /// An entity whose ids are a string and a number with the same digits, past 64 bits.
    static let bigIdentities = [
        "spec.json": #"{"keyPath": "items", "mappers": [{"id": "item", "target": "Item", "entity": true, "identification": "id", "attributes": ["id", "name"]}]}"#,
        "in.json": #"{"items": [{"id": "18446744073709551617", "name": "string"}, {"id": 18446744073709551617, "name": "number"}]}"#,
    ]
    static let usageApply = "usage: rkmap apply SPEC [INPUT ...] [options]; see 'rkmap help apply'\n"

    static func specCase(_ name: String, _ text: String, err: String) -> Case {
        Case(name, files: ["s.json": text, "in.json": #"{"items": [{"id": 1}]}"#], ["apply", "s.json", "in.json"],
             err: err, code: 2)
    }

    static func specCase(_ name: String, bytes: [UInt8], err: String) -> Case {
        Case(name, files: ["in.json": "{}"], bytes: ["s.json": bytes], ["apply", "s.json", "in.json"], err: err, code: 2)
    }

    static func inputCase(_ name: String, _ input: String, out: String = "", err: String, code: Int32 = 1,
                          extra: [String] = []) -> Case {
        Case(name, files: ["spec.json": spec, "in.json": input], ["apply", "spec.json", "in.json", "--compact"] + extra,
             out: out, err: err, code: code, readsDocuments: true)
    }

    static func inputCase(_ name: String, bytes: [UInt8], out: String = "", err: String) -> Case {
        Case(name, files: ["spec.json": spec], bytes: ["in.json": bytes], ["apply", "spec.json", "in.json", "--compact"],
             out: out, err: err, code: 1, readsDocuments: true)
    }

    // MARK: Specs (exit 2)

    static let specCases: [Case] = [
        specCase("empty spec", "", err: "s.json:1:1: error: expected a JSON value, found end of file\n"),
        specCase("whitespace-only spec", "  \n  ", err: "s.json:2:3: error: expected a JSON value, found end of file\n"),
        specCase("spec is null", "null",
                 err: "s.json:1:1: error: a spec must be a JSON object or an array of descriptor objects; found null\n"),
        specCase("spec is a number", "5",
                 err: "s.json:1:1: error: a spec must be a JSON object or an array of descriptor objects; found a number\n"),
        specCase("spec is an empty object", "{}",
                 err: "s.json:1:1: error: no mapper to apply: the spec declares no mappers; add one under \"mappers\"\n"),
        specCase("spec is an empty array", "[]", err: "s.json:1:1: error: no descriptors: the spec maps nothing; add a descriptor object\n"),
        // `[` of the empty list is column 17.
        specCase("empty descriptors", #"{"descriptors": [], "mappers": [{"id": "a", "attributes": ["id"]}]}"#,
                 err: "s.json:1:17: error: no descriptors: the spec maps nothing; add a descriptor object\n"),
        specCase("binary garbage", bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A],
                 err: "s.json:1:1: error: expected a value, found '0x89'\n"),
        // `{"mappers":[{"id":"a` is 20 scalars; the bad byte is column 21.
        specCase("invalid UTF-8 in a spec", bytes: Array(#"{"mappers":[{"id":"a"#.utf8) + [0xFF] + Array(#"","attributes":["id"]}]}"#.utf8),
                 err: "s.json:1:21: error: invalid UTF-8: byte 0xFF never appears in UTF-8\n"),
        // The 513th '[' is column 513.
        specCase("10,000 nested arrays", String(repeating: "[", count: 10_000),
                 err: "s.json:1:513: error: nesting deeper than 512 levels\n"),
        specCase("truncated in a string", "{\n\t\"path\" : \"ar", err: "s.json:2:11: error: unterminated string; add the closing '\"'\n"),
        specCase("truncated after a colon", "{\n  \"keyPath\" : ", err: "s.json:2:15: error: expected a value, found end of file\n"),
        specCase("truncated in an array", "{\"attributes\" : [\"name\", \"email\"",
                 err: "s.json:1:33: error: unterminated array (opened at 1:17); expected ',' or ']', found end of file\n"),
        specCase("attributes is a number", #"{"keyPath":"items","mappers":[{"id":"item","attributes":5}]}"#,
                 err: "s.json:1:57: error: 'attributes' in mapper 'item' must be an object, an array or null; found a number\n"),
        specCase("relationships is a string",
                 #"{"keyPath":"items","mappers":[{"id":"item","attributes":["id"],"relationships":"x"}]}"#,
                 err: "s.json:1:80: error: 'relationships' in mapper 'item' must be an array of relationship objects; found a string\n"),
        specCase("status code 600", #"{"statusCodes":[600],"mappers":[{"id":"a","attributes":["id"]}]}"#,
                 err: "s.json:1:17: error: invalid status code 600: expected an integer from 100 to 599 or a class \"1XX\" to \"5XX\"\n"),
        specCase("status class 6XX", #"{"statusCodes":["6XX"],"mappers":[{"id":"a","attributes":["id"]}]}"#,
                 err: "s.json:1:17: error: invalid status code \"6XX\": expected an integer from 100 to 599 or a class \"1XX\" to \"5XX\"\n"),
        specCase("unknown method", #"{"methods":["FETCH"],"mappers":[{"id":"a","attributes":["id"]}]}"#,
                 err: "s.json:1:13: error: unknown method 'FETCH' (expected GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS or ANY)\n"),
        specCase("keyPath is a number", #"{"keyPath":3,"mappers":[{"id":"a","attributes":["id"]}]}"#,
                 err: "s.json:1:12: error: 'keyPath' in descriptor must be a string; found a number\n"),
        specCase("empty key in a key path", #"{"keyPath":"a..b","mappers":[{"id":"a","attributes":["id"]}]}"#,
                 err: "s.json:1:15: error: invalid key path: empty key in key path 'a..b'\n"),
        specCase("misspelled operator", #"{"mappers":[{"id":"a","attributes":["n.@cuont"]}]}"#,
                 err: #"s.json:1:40: error: invalid key path: unknown operator '@cuont' in key path 'n.@cuont'; did you mean '@count'? (write '\\@' in JSON for a key that starts with '@') [mapper a]"# + "\n"),
        specCase("parameter without a name", #"{"path":"/:","mappers":[{"id":"a","attributes":["id"]}]}"#,
                 err: "s.json:1:9: error: invalid path pattern: ':' in path pattern '/:' must be followed by a parameter name\n"),
        specCase("unknown type", #"{"mappers":[{"id":"a","attributes":["id"],"types":{"id":"integer"}}]}"#,
                 err: "s.json:1:57: error: unknown type 'integer' for 'id' (expected string, int, double, number, decimal, bool, date, url, array, set or any) [mapper a, attribute id]\n"),
        specCase("unknown time zone", #"{"timeZone":"Mars/Olympus","mappers":[{"id":"a","attributes":["id"]}]}"#,
                 err: "s.json:1:13: error: unknown time zone 'Mars/Olympus' (expected an IANA name such as \"Europe/Paris\", or \"UTC\")\n"),
        // Date patterns are checked when the spec is compiled, at their own string.
        specCase("unsupported date pattern letter", #"{"dateFormats":["qqqq"],"mappers":[{"id":"a","attributes":["id"]}]}"#,
                 err: "s.json:1:17: error: unsupported date pattern letter 'q' in 'qqqq'\n"),
        // Seven Zs passed lint and read offsets as ZZZZZ does (a tester's find).
        specCase("a zone letter at a width with no meaning",
                 #"{"dateFormats":["EEE, dd MMM yyyy HH:mm:ss ZZZZZZZ", "HH OOO"],"mappers":[{"id":"a","attributes":["id"]}]}"#,
                 err: "s.json:1:17: error: 'ZZZZZZZ' in date pattern 'EEE, dd MMM yyyy HH:mm:ss ZZZZZZZ' is no zone form; "
                    + "use one of Z, ZZ, ZZZ, ZZZZ, ZZZZZ\n"
                    + "s.json:1:54: error: 'OOO' in date pattern 'HH OOO' is no zone form; use one of O, OOOO\n"),
        specCase("empty date pattern", #"{"dateFormats":"","mappers":[{"id":"a","attributes":["id"]}]}"#,
                 err: "s.json:1:16: error: empty date pattern\n"),
        specCase("mapper date patterns", #"{"mappers":[{"id":"a","attributes":["id"],"dateFormats":["yyyy-MM-dd'T", "YYYY"]}]}"#,
                 err: "s.json:1:58: error: unterminated quote in date pattern 'yyyy-MM-dd'T'; close the literal with ' or write '' for a quote [mapper a]\n"
                    + "s.json:1:74: error: unsupported date pattern letter 'Y' in 'YYYY' (week-based year; did you mean 'y'?) [mapper a]\n"),
        specCase("bad matcher predicate",
                 #"{"mappers":[{"id":"d","dynamic":true,"matchers":[{"predicate":"type == ","map-ref":"a"}]},{"id":"a","attributes":["id"]}],"root-map-ref":"d"}"#,
                 err: "s.json:1:63: error: invalid predicate: expected a value after '==' at column 9 [mapper d]\n"),
        specCase("bad validation predicate",
                 #"{"mappers":[{"id":"a","attributes":["id"],"validations":[{"attribute":"id","predicate":"SELF >> 3"}]}]}"#,
                 err: "s.json:1:88: error: invalid predicate: expected a value after '>' at column 7 [mapper a, attribute id]\n"),
        // 300 '(' would overflow the stack of a recursive parser; the 257th is column 257.
        specCase("predicate nested too deep",
                 #"{"mappers":[{"id":"a","attributes":["id"],"validations":[{"attribute":"id","predicate":""# + String(repeating: "(", count: 300) + #""}]}]}"#,
                 err: "s.json:1:88: error: invalid predicate: nesting deeper than 256 levels at column 257 [mapper a, attribute id]\n"),
        specCase("duplicate mapper id",
                 "{\"mappers\": [\n  {\"id\": \"a\", \"attributes\": [\"id\"]},\n  {\"id\": \"a\", \"attributes\": [\"id\"]}\n], \"root-map-ref\": \"a\"}",
                 err: "s.json:3:10: error: duplicate mapper id 'a'; first declared at line 2 [mapper a]\n"),
        specCase("unknown root-map-ref", #"{"mappers":[{"id":"item","attributes":["id"]}],"root-map-ref":"itme"}"#,
                 err: "s.json:1:63: error: unknown mapper 'itme'; did you mean 'item'?\n"),
        specCase("ambiguous root", #"{"mappers":[{"id":"a","attributes":["id"]},{"id":"b","attributes":["id"]}]}"#,
                 err: "s.json:1:1: error: ambiguous root: the spec declares 2 mappers; add \"root-map-ref\"\n"),
        Case("spec is missing", ["apply", "nope.json"], err: "error: cannot read 'nope.json': No such file or directory\n", code: 2),
    ]

    // MARK: Documents (exit 1; the same with the pipeline)

    static let inputCases: [Case] = [
        // SPEC 1.1 §11: an input with no JSON document at all is an error.
        inputCase("empty input has no JSON document", "", err: "error: no JSON document in in.json\n"),
        inputCase("whitespace-only input has no JSON document", " \n\t\n", err: "error: no JSON document in in.json\n"),
        inputCase("a lone byte order mark is no JSON document", bytes: [0xEF, 0xBB, 0xBF], err: "error: no JSON document in in.json\n"),
        // `{"items": [{"id": 1},` is 21 scalars: the ']' after the comma is column 22.
        inputCase("trailing comma in an array", #"{"items": [{"id": 1},]}"#,
                  err: "in.json:1:22: error: expected a value after ',', found ']' (trailing commas are not JSON)\n"),
        inputCase("trailing comma in an object", #"{"items": [{"id": 1,}]}"#,
                  err: "in.json:1:21: error: expected a string key after ',', found '}'\n"),
        inputCase("single quotes", "{'items': []}", err: "in.json:1:2: error: expected a string key or '}', found '''\n"),
        inputCase("NaN", #"{"items": [{"id": NaN}]}"#,
                  err: "in.json:1:19: error: unexpected word 'NaN'; JSON literals are true, false and null, and strings need double quotes\n"),
        inputCase("leading zero", #"{"items": [{"id": 01}]}"#, err: "in.json:1:19: error: numbers cannot have leading zeros\n"),
        inputCase("control character", "{\"items\": [{\"id\": \"a\tb\"}]}",
                  err: "in.json:1:21: error: control character U+0009 in a string; escape it as \\t\n"),
        inputCase("invalid escape", #"{"items": [{"id": "a\qb"}]}"#,
                  err: #"in.json:1:21: error: invalid escape '\q' in a string; valid escapes are \" \\ \/ \b \f \n \r \t \uXXXX"# + "\n"),
        inputCase("lone surrogate", #"{"items": [{"id": "\ud800"}]}"#,
                  err: #"in.json:1:20: error: lone high surrogate \uD800 in a string; it must be followed by a low surrogate \uDC00-\uDFFF"# + "\n"),
        // After two 2-byte characters the '@' is column 42, not byte 44.
        inputCase("error after multibyte characters", #"{"items":[{"name":"héllo wörld","id":1}, @]}"#,
                  err: "in.json:1:42: error: expected a value, found '@'\n"),
        inputCase("invalid UTF-8 after a multibyte character", bytes: Array(#"{"items":[{"name":"hé"#.utf8) + [0xFF] + Array(#""}]}"#.utf8),
                  err: "in.json:1:22: error: invalid UTF-8: byte 0xFF never appears in UTF-8\n"),
        inputCase("truncated document", #"{"items": [{"id": 1"#,
                  err: "in.json:1:20: error: expected ',' or '}' after an object member, found end of input\n"),
        inputCase("garbage after a document", #"{"items": [{"id": 1}]} x"#, out: "[{\"@type\":\"Item\",\"id\":1}]\n",
                  err: "in.json:1:24: error: unexpected word 'x'; JSON literals are true, false and null, and strings need double quotes\n"),
        // The first two documents are written; the third is not closed, so the
        // error is where line 4 starts instead of a ',' or ']'.
        inputCase("NDJSON with a bad third line", "{\"items\":[{\"id\":1}]}\n{\"items\":[{\"id\":2}]}\n{\"items\":[{\"id\":3}\n{\"items\":[]}\n",
                  out: "[{\"@type\":\"Item\",\"id\":1}]\n[{\"@type\":\"Item\",\"id\":2}]\n",
                  err: "in.json:4:1: error: expected ',' or ']' after an array element, found '{'\n"),
        inputCase("nesting deeper than --max-depth", #"{"items": [{"id": [[1]]}]}"#,
                  err: "in.json:1:19: error: nesting deeper than 3 levels\n", extra: ["--max-depth", "3"]),
        inputCase("no mappable content", #"{"other": 1}"#,
                  err: "in.json: $: error: no mappable content: none of the key paths 'items' is in the document\n"),
        Case("syntax error on stdin", files: ["spec.json": spec], ["apply", "spec.json", "-"], stdin: #"{"items": [}"#,
             err: "<stdin>:1:12: error: expected a value, found '}'\n", code: 1, readsDocuments: true),
        // A nested destination inside another destination of the mapper. In
        // a to-one relationship's record (`address.city` beside `address`)
        // JSON and CSV write it, as RestKit's key-value coding does, while
        // SQLite kept it in the parent's row (the outputs disagreed, exit 0):
        // SQLite refuses the spec. Into a string or a to-many relationship
        // it cannot be written, and that value was dropped quietly: a warning.
        Case("a destination nested inside a relationship's, into SQLite", files: [
            "spec.json": #"{"root-map-ref":"o","mappers":[{"id":"o","target":"O","attributes":{"city":"address.city"},"relationships":[{"from":"address","to":"address","map-ref":"a"}]},{"id":"a","target":"A","attributes":["city"]}]}"#,
            "in.json": #"{"city": "X", "address": {"city": "Z"}}"#,
        ], ["apply", "spec.json", "in.json", "--format", "sqlite", "-o", "out.db"],
             err: "spec.json:1:69: error: attribute 'address.city' of mapper 'o' writes into the record of relationship 'address' "
                + "(JSON and CSV write it there), which an SQLite row cannot hold: rename it (e.g. 'address_city') or map it in that relationship's mapper\n",
             code: 2),
        // SQLite keys an entity's rows by its identification values. A null
        // one failed the run with no file, path or document, saying "map
        // it" of a mapped attribute; a number past 64 bits, kept as text,
        // was the row of the string of its digits (one record overwrote
        // the other, exit 0).
        // §6 reads a string holding a number as seconds since 1970: a year
        // alone (FHIR's partial "2008") became an instant in 1970 with no
        // word. It is kept, and said, with the fix; a number, a longer count
        // and a date format that reads it are not warned of.
        Case("a year read as seconds since 1970", files: [
            "spec.json": #"{"keyPath": "", "root-map-ref": "o", "mappers": [{"id": "o", "target": "O", "attributes": ["d", "e"], "types": {"d": "date", "e": "date"}}]}"#,
            "in.json": #"[{"d": "2008", "e": 2008}, {"d": "1700000000"}]"#,
        ], ["apply", "spec.json", "in.json", "--format", "ndjson"],
             out: #"{"@type":"O","d":"1970-01-01T00:33:28Z","e":"1970-01-01T00:33:28Z"}"# + "\n" + #"{"@type":"O","d":"2023-11-14T22:13:20Z"}"# + "\n",
             err: #"in.json: $[0].d: warning: string "2008" was read as 2008 seconds since 1970 (1970-01-01T00:33:28Z), as a string holding a number is; "#
                + #"if it is a year, add "yyyy" to "dateFormats" [mapper o, attribute d]"# + "\n",
             code: 0, readsDocuments: true),
        // Only when the numeric rule read it: a `yyyy` format reading
        // "1970" (in New York, 05:00Z, which looked like seconds) is no
        // warning; under `numericDates: milliseconds` the unit is named.
        Case("a year read as milliseconds, and years a format reads", files: [
            "spec.json": #"{"timeZone": "America/New_York", "mappers": [{"id": "o", "target": "O", "attributes": ["d"], "types": {"d": "date"}, "dateFormats": ["yyyy"]}, {"id": "m", "target": "M", "attributes": ["d"], "types": {"d": "date"}}], "numericDates": "milliseconds", "descriptors": [{"keyPath": "o", "root-map-ref": "o"}, {"keyPath": "m", "root-map-ref": "m"}]}"#,
            "in.json": #"{"o": {"d": "1970"}, "m": {"d": "1970"}}"#,
        ], ["apply", "spec.json", "in.json", "--format", "ndjson"],
             out: #"{"@type":"O","d":"1970-01-01T05:00:00Z"}"# + "\n" + #"{"@type":"M","d":"1970-01-01T00:00:01.970Z"}"# + "\n",
             err: #"in.json: $.m.d: warning: string "1970" was read as 1970 milliseconds since 1970 (1970-01-01T00:00:01.970Z), as a string holding a number is; "#
                + #"if it is a year, add "yyyy" to "dateFormats" [mapper m, attribute d]"# + "\n",
             code: 0, readsDocuments: true),
        Case("a null identification value into SQLite", files: [
            "spec.json": #"{"keyPath": "products", "root-map-ref": "product", "mappers": [{"id": "product", "target": "Product", "entity": true, "identification": "id", "attributes": ["id"], "relationships": [{"from": "variants", "to": "variants", "map-ref": "variant", "many": true}]}, {"id": "variant", "target": "Variant", "entity": true, "identification": "id", "attributes": ["id", "price"]}]}"#,
            "in.json": #"{"products": [{"id": 1, "variants": [{"id": 10, "price": "1.00"}, {"id": null, "price": "2.00"}]}]}"#,
        ], ["apply", "spec.json", "in.json", "--format", "sqlite", "-o", "out.db"],
             err: "in.json: $.products[0].variants[1]: error: the Variant record's identification attribute 'id' is null, so SQLite output cannot store it "
                + #"(Variant rows are keyed by it); fix the input, or leave such records out with a validation {"attribute": "id", "predicate": "SELF != nil", "onFailure": "reject"} [mapper variant, attribute id]"#
                + "\nerror: the database 'out.db' was not created because a document failed\n",
             code: 1, readsDocuments: true),
        Case("a number identification value past 64 bits into SQLite", files: bigIdentities, ["apply", "spec.json", "in.json", "--format", "sqlite", "-o", "out.db"],
             err: "in.json: $.items[1]: error: the Item record's identification attribute 'id' is 18446744073709551617, a number SQLite can keep only as text, "
                + #"where it would be the same key as the string "18446744073709551617"; declare its type ("types": {"id": "string"}) to key Item rows by the digits as text [mapper item, attribute id]"#
                + "\nerror: the database 'out.db' was not created because a document failed\n",
             code: 1, readsDocuments: true),
        // An untyped boolean was the row of the number 1 (or 0), an array
        // or object the row of the string of its JSON text: one record
        // overwrote the other, exit 0, where JSON output keeps both (§7).
        Case("a boolean identification value into SQLite", files: [
            "spec.json": #"{"keyPath": "items", "root-map-ref": "pod", "mappers": [{"id": "pod", "target": "Pod", "entity": true, "identification": "uid", "attributes": ["uid", "name"]}]}"#,
            "in.json": #"{"items": [{"uid": 1, "name": "int-id"}, {"uid": false, "name": "bool-id"}]}"#,
        ], ["apply", "spec.json", "in.json", "--format", "sqlite", "-o", "out.db"],
             err: "in.json: $.items[1]: error: the Pod record's identification attribute 'uid' is false, a boolean SQLite keeps as the integer 0, "
                + #"where it would be the same key as the number 0; declare its type ("types": {"uid": "bool"}) when every Pod is identified by a boolean, "#
                + "or identify Pod records by another attribute [mapper pod, attribute uid]"
                + "\nerror: the database 'out.db' was not created because a document failed\n",
             code: 1, readsDocuments: true),
        Case("an array identification value into SQLite", files: [
            "spec.json": #"{"keyPath": "items", "root-map-ref": "pod", "mappers": [{"id": "pod", "target": "Pod", "entity": true, "identification": "uid", "attributes": ["uid", "name"]}]}"#,
            "in.json": #"{"items": [{"uid": "[\"a\"]", "name": "string-id"}, {"uid": ["a"], "name": "array-id"}]}"#,
        ], ["apply", "spec.json", "in.json", "--format", "sqlite", "-o", "out.db"],
             err: #"in.json: $.items[1]: error: the Pod record's identification attribute 'uid' is an array, which SQLite keeps as its JSON text, "#
                + #"where it would be the same key as the string "[\"a\"]"; identify Pod records by a string or number attribute [mapper pod, attribute uid]"#
                + "\nerror: the database 'out.db' was not created because a document failed\n",
             code: 1, readsDocuments: true),
        // Only records that are written need their identification: a child
        // of a rejected parent is not written (the check, made as records
        // were mapped, failed such documents before the output was asked).
        Case("an unstorable child of a rejected record into SQLite", files: [
            "spec.json": #"{"keyPath": "", "root-map-ref": "cart", "mappers": [{"id": "cart", "target": "Cart", "entity": true, "identification": ["id"], "attributes": ["id", "name"], "validations": [{"attribute": "name", "predicate": "SELF != 'bad'", "onFailure": "reject"}], "relationships": [{"from": "items", "to": "items", "map-ref": "item", "many": true}]}, {"id": "item", "target": "Item", "entity": true, "identification": ["id"], "attributes": ["id", "n"]}]}"#,
            "in.json": #"{"id": 1, "name": "bad", "items": [{"id": null, "n": 1}]}"# + "\n" + #"{"id": 2, "name": "ok", "items": [{"id": 5, "n": 2}]}"# + "\n",
        ], ["apply", "spec.json", "in.json", "--format", "sqlite", "-o", "out.db"],
             err: "in.json: $: warning: validation of name failed: SELF != 'bad'; the record is rejected [mapper cart, attribute name]\n",
             code: 0, readsDocuments: true),
        // Records held for connections keep where an unstorable one was mapped.
        Case("an unstorable record held for connections into SQLite", files: [
            "spec.json": #"{"mappers": [{"id": "post", "target": "Post", "entity": true, "identification": "id", "attributes": ["id", "authorId"], "connections": [{"relationship": "author", "sourceAttribute": "authorId", "target": "User", "targetAttribute": "id"}]}, {"id": "user", "target": "User", "entity": true, "identification": "id", "attributes": ["id", "name"]}], "descriptors": [{"keyPath": "posts", "root-map-ref": "post"}, {"keyPath": "users", "root-map-ref": "user"}]}"#,
            "in.json": #"{"posts": [{"id": 1, "authorId": 7}, {"id": null, "authorId": 7}], "users": [{"id": 7, "name": "Ann"}]}"#,
        ], ["apply", "spec.json", "in.json", "--format", "sqlite", "-o", "out.db"],
             err: "in.json: $.posts[1]: error: the Post record's identification attribute 'id' is null, so SQLite output cannot store it "
                + #"(Post rows are keyed by it); fix the input, or leave such records out with a validation {"attribute": "id", "predicate": "SELF != nil", "onFailure": "reject"} [mapper post, attribute id]"#
                + "\nerror: the database 'out.db' was not created because a document failed\n",
             code: 1, readsDocuments: true),
        // Into JSON the two are two records, as §7 makes them; a number that
        // fits 64 bits is an INTEGER key, apart from the string.
        Case("a number identification value past 64 bits into JSON", files: bigIdentities, ["apply", "spec.json", "in.json", "--compact", "--no-type"],
             out: #"[{"id":"18446744073709551617","name":"string"},{"id":18446744073709551617,"name":"number"}]"# + "\n",
             err: "", code: 0, readsDocuments: true),
        // Form encoding writes nothing for an empty array or object: it was
        // dropped with no word (Jira's `labels: []`), now a warning names each.
        Case("serialize --format form with empty containers", files: [
            "spec.json": #"{"mappers": [{"id": "a", "target": "A", "attributes": ["name", "tags", "meta"]}]}"#,
            "rec.json": #"{"@type": "A", "name": "x", "tags": [], "meta": {"labels": [], "k": 1}}"#,
        ], ["serialize", "spec.json", "rec.json", "--format", "form"], out: "meta[k]=1&name=x\n",
             err: "rec.json: $: warning: this record's form body leaves out 'tags' (an empty array), 'meta[labels]' (an empty array): "
                + "form encoding writes nothing for an empty array or object, so a server reads them as absent (use --format json to send them)\n",
             code: 0),
        // `apply` writes a nested array where the content has one (§5.2);
        // serialize refused it ("a record must be an object; found an
        // array"), so `apply | serialize` failed on apply's own output.
        Case("serialize of nested arrays of records", files: [
            "spec.json": #"{"mappers": [{"id": "a", "target": "A", "attributes": ["id"]}]}"#,
            "in.json": #"[{"@type": "A", "id": 1}, [{"@type": "A", "id": 2}, [{"@type": "A", "id": 3}, 4]], []]"#,
        ], ["serialize", "spec.json", "in.json", "--compact"], out: #"{"id":1}"# + "\n" + #"{"id":2}"# + "\n" + #"{"id":3}"# + "\n",
             err: "in.json: $[1][1][1]: error: a record must be an object; found a number (serialize reads records as apply writes them)\n",
             code: 1, readsDocuments: true),
        // The message named 'name[…]', whatever the key was.
        Case("a form key given a value after it was made an object", files: [
            "spec.json": #"{"mappers": [{"id": "u", "target": "U", "attributes": ["profile"]}]}"#,
            "in.form": "profile[email]=x&profile=y\n",
        ], ["apply", "spec.json", "in.form", "--input-format", "form"],
             err: "in.form:1:18: error: key 'profile' is given a value after 'profile[…]' made it an object\n", code: 1),
        // An operator without a value has no answer in a predicate (§4, §9):
        // `a.@sum == nil` printed `true` for a sum too large to represent.
        Case("eval of a predicate whose @sum has no value", files: ["in.json": #"{"a": [1e80000, 1e-80000]}"# + "\n" + #"{"a": [1, 2]}"#],
             ["eval", "a.@sum == nil OR a.@sum == 3", "in.json"], out: "true\n",
             err: "in.json: error: the key path 'a.@sum' has no value: the exact @sum needs more than 4096 digits, which rkmap does not represent; "
                + "the predicate has no answer for this document\n", code: 1),
        Case("a matcher whose @sum has no value", files: [
            "spec.json": #"{"root-map-ref": "d", "mappers": [{"id": "d", "dynamic": true, "matchers": [{"predicate": "a.@sum > 0", "map-ref": "pos"}, {"keyPath": "k", "expectValue": "x", "map-ref": "other"}]}, {"id": "pos", "target": "Pos", "attributes": ["k"]}, {"id": "other", "target": "Other", "attributes": ["k"]}]}"#,
            "in.json": #"{"a": ["9.50", "N/A"], "k": "x"}"#,
        ], ["apply", "spec.json", "in.json", "--compact"], out: #"[{"@type":"Other","k":"x"}]"# + "\n",
             err: "in.json: $: warning: the predicate 'a.@sum > 0' cannot be decided: the key path 'a.@sum' has no value: element 1 is a string "
                + "that spells no number, and @sum adds only numbers (and strings that spell them); the matcher is skipped [mapper d]\n",
             code: 0, readsDocuments: true),
        // The column counts characters, not bytes, across the pairs before
        // (each pair's column is now counted on from the last one's).
        Case("a form key made an object, after pairs with accented text", files: [
            "spec.json": #"{"mappers": [{"id": "u", "target": "U", "attributes": ["profile"]}]}"#,
            "in.form": "n%C3%A4me=\u{FC}&profile[email]=x&na\u{EF}ve&profile=y\n",
        ], ["apply", "spec.json", "in.form", "--input-format", "form"],
             err: "in.form:1:36: error: key 'profile' is given a value after 'profile[…]' made it an object\n", code: 1),
        // A key repeated in one `attributes` object is one JSON member (the
        // last value, as RestKit's dictionary holds it): both were mapped,
        // with no word.
        Case("a key repeated in an attributes object", files: [
            "spec.json": #"{"mappers": [{"id": "a", "target": "A", "attributes": {"id": "id", "id": "ident"}}]}"#,
            "in.json": #"{"id": 5}"#,
        ], ["apply", "spec.json", "in.json", "--compact"], out: #"[{"@type":"A","ident":5}]"# + "\n",
             err: "spec.json:1:68: warning: duplicate field 'id' in attributes; the last one is used [mapper a]\n", code: 0),
        // Only the last of a repeated name is read (an earlier wrong type is
        // no error), in `types` and in a matcher's `valueMap` too.
        Case("repeated names in types and valueMap", files: [
            "spec.json": #"{"mappers": [{"id": "a", "target": "A", "attributes": {"x": "x", "k": "k"}, "types": {"x": "bogus", "x": "int"}}, {"id": "d", "dynamic": true, "matchers": [{"keyPath": "k", "valueMap": {"a": "a", "a": "zz"}}]}], "root-map-ref": "d"}"#,
        ], ["lint", "spec.json"],
             err: "spec.json:1:101: warning: duplicate field 'x' in types; the last one is used [mapper a]\n"
                + "spec.json:1:197: warning: duplicate field 'a' in valueMap; the last one is used [mapper d]\n"
                + "spec.json:1:202: error: unknown mapper 'zz' [mapper d]\n",
             code: 2),
        // A double that underflows read as 0 with no word, where one that
        // overflows was a warning.
        Case("a double too small for a double", files: [
            "spec.json": #"{"mappers": [{"id": "a", "target": "A", "attributes": ["x"], "types": {"x": "double"}}]}"#,
            "in.json": #"{"x": 1e-400}"#,
        ], ["apply", "spec.json", "in.json", "--compact"], out: #"[{"@type":"A"}]"# + "\n",
             err: "in.json: $.x: warning: cannot convert number 1e-400 to double: too small for a double, which would hold 0 [mapper a, attribute x]\n",
             code: 0, readsDocuments: true),
        Case("a destination nested inside an attribute that holds a string", files: [
            "spec.json": #"{"keyPath": "items", "mappers": [{"id": "t", "target": "T", "attributes": {"n": "labels.name", "l": "labels"}}]}"#,
            "in.json": #"{"items": [{"l": "scalar", "n": "NEW"}, {"l": {"x": 1}, "n": "ok"}]}"#,
        ], ["apply", "spec.json", "in.json", "--compact"],
             out: #"[{"@type":"T","labels":{"name":"NEW"}},{"@type":"T","labels":{"x":1,"name":"ok"}}]"# + "\n",
             err: "in.json: $.items[0]: warning: 'labels' holds a string, which 'labels.name' cannot be written into (only an object or a to-one record can): "
                + "JSON output leaves the value of 'labels' out; rename one of the destinations [mapper t, attribute labels]\n",
             code: 0, readsDocuments: true),
        Case("a destination nested inside a to-many relationship", files: [
            "spec.json": #"{"keyPath": "items", "root-map-ref": "t", "mappers": [{"id": "t", "target": "T", "attributes": {"n": "tags.count"}, "relationships": [{"from": "tags", "to": "tags", "map-ref": "g"}]}, {"id": "g", "target": "G", "attributes": ["name"]}]}"#,
            "in.json": #"{"items": [{"n": 2, "tags": [{"name": "a"}, {"name": "b"}]}]}"#,
        ], ["apply", "spec.json", "in.json", "--compact"],
             out: #"[{"@type":"T","tags":{"count":2}}]"# + "\n",
             err: "in.json: $.items[0]: warning: 'tags' holds the to-many relationship's records, which 'tags.count' cannot be written into (only an object or a to-one record can): "
                + "JSON output leaves the value of 'tags' out; rename one of the destinations [mapper t, attribute tags]\n",
             code: 0, readsDocuments: true),
        // A value that is not an object under a dynamic nesting key made a
        // record of the key alone, exit 0 even under --strict (MediaWiki's
        // `pages` of scalars, or turned into an array): a warning naming the
        // key, as for a scalar element (§5.2, §5.3); `null` maps to nothing.
        Case("a scalar under a dynamic nesting key", files: [
            "spec.json": #"{"keyPath": "pages", "mappers": [{"id": "page", "target": "Page", "keyAttribute": "key", "forceCollection": true, "attributes": ["title"]}]}"#,
            "in.json": #"{"pages": {"-1": "oops", "13": null, "12": {"title": "Main"}, "14": [1]}}"#,
        ], ["apply", "spec.json", "in.json", "--compact"],
             out: #"[{"@type":"Page","key":"12","title":"Main"}]"# + "\n",
             err: #"in.json: $.pages["-1"]: warning: the value of key '-1' is a string, not an object: mapper 'page' maps the object under a key "#
                + #"as a record; it maps another value only with an attribute from the nil key path ("") [mapper page]"# + "\n"
                + #"in.json: $.pages["14"]: warning: the value of key '14' is an array, not an object: mapper 'page' maps the object under a key "#
                + #"as a record; it maps another value only with an attribute from the nil key path ("") [mapper page]"# + "\n",
             code: 0, readsDocuments: true),
        // A string or number where a dynamic mapper's matchers read an
        // object's keys vanished with exit 0, even under --strict, and
        // `check` passed (a GraphQL `node` arriving as a string; a tester's
        // find): a warning, as an object mapper gives. An object no matcher
        // chooses, and `null`, are still declined silently (RestKit).
        Case("a scalar that no matcher of a dynamic mapper chooses", files: [
            "spec.json": #"{"root-map-ref": "p", "mappers": [{"id": "p", "target": "P", "attributes": ["id"], "relationships": [{"from": "dyn", "to": "dyn", "map-ref": "d", "many": true}, {"from": "one", "to": "one", "map-ref": "d"}]}, {"id": "d", "dynamic": true, "matchers": [{"keyPath": "kind", "expectValue": "c", "map-ref": "c"}]}, {"id": "c", "target": "C", "attributes": ["kind", "v"]}]}"#,
            "in.json": #"{"id": 1, "dyn": ["oops", 42, {"kind": "x"}, null, {"kind": "c", "v": 1}], "one": true}"#,
        ], ["apply", "spec.json", "in.json", "--compact"],
             out: #"[{"@type":"P","id":1,"dyn":[{"@type":"C","kind":"c","v":1}]}]"# + "\n",
             err: "in.json: $.dyn[0]: warning: cannot map a string with dynamic mapper 'd': none of its matchers chose a mapper for it, so the value is left out [mapper d]\n"
                + "in.json: $.dyn[1]: warning: cannot map a number with dynamic mapper 'd': none of its matchers chose a mapper for it, so the value is left out [mapper d]\n"
                + "in.json: $.one: warning: cannot map a bool with dynamic mapper 'd': none of its matchers chose a mapper for it, so the value is left out [mapper d]\n",
             code: 0, readsDocuments: true),
        // The hint's article follows the type's name: "an Athlete", not "a
        // Athlete" (a tester's find on Strava's kudos).
        Case("a connection hint names a type with its article", files: [
            "spec.json": #"{"keyPath": "", "root-map-ref": "r", "mappers": [{"id": "r", "target": "R", "relationships": [{"from": "athletes", "to": "athletes", "map-ref": "a", "many": true}, {"from": "kudos", "to": "kudos", "map-ref": "k", "many": true}]}, {"id": "a", "target": "Athlete", "attributes": ["id"]}, {"id": "k", "target": "Kudo", "attributes": ["athleteId"], "connections": [{"relationship": "athlete", "sourceAttribute": "athleteId", "target": "Athlete", "targetAttribute": "id"}]}]}"#,
            "in.json": #"{"athletes": [{"id": 7}], "kudos": [{"athleteId": "7"}]}"#,
        ], ["apply", "spec.json", "in.json", "--compact"],
             out: #"[{"@type":"R","athletes":[{"@type":"Athlete","id":7}],"kudos":[{"@type":"Kudo","athleteId":"7"}]}]"# + "\n",
             err: #"in.json: $.kudos[0]: warning: connection 'athlete': no Athlete with id = "7" in the document; the value is left out "#
                + #"(an Athlete has id = the number 7: a number and a string never match; give both attributes one type in "types") [mapper k, attribute athlete]"# + "\n",
             code: 0, readsDocuments: true),
        // `eval` on an empty input printed nothing and exited 1 (a tester's find).
        Case("eval on an empty input", ["eval", "a == 1", "-"], stdin: "",
             err: "error: no JSON document in <stdin>\n", code: 1),
        // An entity with no identification attribute gave SQLite a new row per
        // record, silently (a tester's find): a spec warning.
        Case("an entity without identification", files: ["spec.json": #"{"keyPath": "", "mappers": [{"id": "p", "target": "Pod", "entity": true, "attributes": ["name"]}]}"#], ["lint", "spec.json"],
             err: "spec.json:1:58: warning: an entity without identification: no attribute is named 'id', 'ID', 'podId', 'podID', "
                + "'identifier', 'url', 'URL', so every record is a new one (SQLite inserts a row each time); add \"identification\": [\"...\"] [mapper p]\n",
             code: 0),
        // `["@parent.id"]` in the list form wrote a field named `@parent.id`
        // (JSON `"@parent": {"id": …}`, an SQLite column `@parent.id`) with no
        // word (a tester's find): a spec warning with the object form to use.
        Case("a destination that begins with an anchor", files: [
            "spec.json": #"{"keyPath": "items", "mappers": [{"id": "a", "target": "A", "attributes": ["url", "@parent.id"]}]}"#,
        ], ["lint", "spec.json"],
             err: "spec.json:1:83: warning: destination '@parent.id' begins with '@parent', which anchors source key paths, not field names; "
                + "name the field without it: {\"@parent.id\": \"parentId\"} reads that value into 'parentId' "
                + "(a name in the list form is both source and destination) [mapper a]\n",
             code: 0),
        // Two attributes of one destination linted clean and the later won
        // quietly (a tester's find; RestKit asserts): a spec warning naming
        // both, and the value the later one's where the object has its key.
        Case("two mappings of one destination", files: [
            "spec.json": #"{"keyPath": "users", "mappers": [{"id": "u", "target": "U", "attributes": {"id": "id", "ID": "id"}}]}"#,
            "in.json": #"{"users": [{"id": 1, "ID": 2}, {"id": 3}]}"#,
        ], ["apply", "spec.json", "in.json", "--compact"],
             out: #"[{"@type":"U","id":2},{"@type":"U","id":3}]"# + "\n",
             err: "spec.json:1:88: warning: 'ID' maps to 'id', as 'id' does before it: a record gets the value of 'ID' where its object "
                + "has that key, else of 'id' (the later mapping wins; RestKit refuses two mappings of one destination); "
                + "give each its own destination, or remove one [mapper u]\n",
             code: 0, readsDocuments: true),
        Case("a relationship onto an attribute's destination, under lint --strict", files: [
            "spec.json": #"{"keyPath": "", "mappers": [{"id": "u", "target": "U", "attributes": ["name"], "relationships": [{"from": "boss", "to": "name", "map-ref": "u"}]}]}"#,
        ], ["lint", "--strict", "spec.json"],
             err: "spec.json:1:121: error: 'boss' maps to 'name', as 'name' does before it: a record gets the value of 'boss' where its object "
                + "has that key, else of 'name' (the later mapping wins; RestKit refuses two mappings of one destination); "
                + "give each its own destination, or remove one (--strict) [mapper u]\n",
             code: 2),
        // The key attribute and a connection write destinations too (a
        // reviewer's find: both overwrote a value with no word).
        Case("an attribute onto the keyAttribute's destination", files: [
            "spec.json": #"{"keyPath": "", "mappers": [{"id": "u", "target": "U", "keyAttribute": "name", "attributes": {"(name).y": "name"}}]}"#,
        ], ["lint", "spec.json"],
             err: "spec.json:1:95: warning: '(name).y' maps to 'name', as the keyAttribute (the object's key) does before it: a record gets "
                + "the value of '(name).y' where its object has that key, else of the keyAttribute (the object's key) (the later mapping wins; "
                + "RestKit refuses two mappings of one destination); give each its own destination, or remove one [mapper u]\n",
             code: 0),
        Case("a connection onto an attribute's destination", files: [
            "spec.json": #"{"keyPath": "", "mappers": [{"id": "u", "target": "U", "attributes": ["id", "authorId", "author"], "connections": [{"relationship": "author", "sourceAttribute": "authorId", "target": "U", "targetAttribute": "id"}]}]}"#,
        ], ["lint", "spec.json"],
             err: "spec.json:1:133: warning: connection 'author' fills 'author', which 'author' maps to: the connected records replace that value "
                + "in every record; give the connection a relationship name of its own [mapper u]\n",
             code: 0),
        Case("one mapping listed twice", files: [
            "spec.json": #"{"keyPath": "", "mappers": [{"id": "u", "target": "U", "attributes": ["a", "a"]}]}"#,
        ], ["lint", "spec.json"],
             err: "spec.json:1:76: warning: 'a' maps to 'a' a second time; remove one [mapper u]\n", code: 0),
        // `eval` of a malformed index said "unexpected character '.'" after
        // it (a tester's find): lint's words, at the `[`.
        Case("a malformed index in an eval predicate", files: ["in.json": #"{"items": [{"id": 1}]}"#],
             ["eval", "items[x].id == 1", "in.json"],
             err: "error: malformed index '[x]' in key path 'items[x].id': expected an integer such as [0] or [-1] at column 6\n"
                + "  items[x].id == 1\n       ^\n",
             code: 2),
        // A typed keyAttribute kept the key as text in JSON while SQLite's
        // INTEGER column converted it, and a bad key passed (a tester's find
        // with MediaWiki page ids).
        Case("a typed keyAttribute", files: [
            "spec.json": #"{"keyPath": "pages", "mappers": [{"id": "page", "target": "Page", "keyAttribute": "pageId", "forceCollection": true, "attributes": ["title"], "types": {"pageId": "int"}}]}"#,
            "in.json": #"{"pages": {"-1": {"title": "Missing"}, "x1": {"title": "Bad"}}}"#,
        ], ["apply", "spec.json", "in.json", "--compact"],
             out: #"[{"@type":"Page","pageId":-1,"title":"Missing"},{"@type":"Page","title":"Bad"}]"# + "\n",
             err: #"in.json: $.pages.x1: warning: cannot convert string "x1" to int [mapper page, attribute pageId]"# + "\n",
             code: 0, readsDocuments: true),
        // `--type` naming a type only relationships make wrote a CSV of one
        // `@type` column, exit 0, with no hint (a tester's find).
        Case("--type of a related type", files: [
            "spec.json": #"{"keyPath": "items", "root-map-ref": "a", "mappers": [{"id": "a", "target": "A", "attributes": ["id"], "relationships": [{"from": "r", "to": "r", "map-ref": "b"}]}, {"id": "b", "target": "B", "attributes": ["x"]}]}"#,
            "in.json": #"{"items": [{"id": 1, "r": {"x": 2}}]}"#,
        ], ["apply", "spec.json", "in.json", "--type", "B", "--format", "csv"], out: "@type\r\n",
             err: "warning: --type 'B': no descriptor that applies makes records of this type as roots, and --type keeps root records ('A'), "
                + "so none will be written; map its objects with a descriptor of their own to select them\n", code: 0),
        // A destination with a literal dot and a nested one (or a to-one
        // relationship's flattened column) are one CSV column and one SQLite
        // column name: each output refuses the spec before writing, where it
        // wrote one of the two values (§3.1, §10.3, §10.4); JSON keeps both.
        Case("a literal dot and a nested destination into CSV", files: [
            "spec.json": #"{"keyPath": "items", "mappers": [{"id": "t", "target": "T", "attributes": {"a": "author\\.name", "b": "author.name"}}]}"#, "in.json": #"{"items": [{"a": 1, "b": 2}]}"#,
        ], ["apply", "spec.json", "in.json", "--format", "csv"],
             err: "spec.json: error: CSV column 'author.name' would hold two different fields, 'author\\.name' and 'author.name' "
                + "(a destination with a literal dot and a nested or flattened one); rename a destination in the spec\n", code: 2),
        Case("a literal dot and a flattened relationship into CSV", files: [
            "spec.json": #"{"keyPath": "items", "root-map-ref": "t", "mappers": [{"id": "t", "target": "T", "attributes": {"a": "author\\.name"}, "relationships": [{"from": "author", "to": "author", "map-ref": "u"}]}, {"id": "u", "target": "U", "attributes": ["name"]}]}"#, "in.json": #"{"items": [{"a": 1, "author": {"name": 2}}]}"#,
        ], ["apply", "spec.json", "in.json", "--format", "csv"],
             err: "spec.json: error: CSV column 'author.name' would hold two different fields, 'author\\.name' and 'author.name' "
                + "(a destination with a literal dot and a nested or flattened one); rename a destination in the spec\n", code: 2),
        Case("a literal dot and a nested destination into SQLite", files: [
            "spec.json": #"{"keyPath": "items", "mappers": [{"id": "t", "target": "T", "attributes": {"a": "author\\.name", "b": "author.name"}}]}"#, "in.json": #"{"items": [{"a": 1, "b": 2}]}"#,
        ], ["apply", "spec.json", "in.json", "--format", "sqlite", "-o", "out.db"],
             err: "spec.json:1:98: error: SQLite column name 'author.name' in table 'T' is wanted twice: by attribute 'author\\.name' "
                + "of mapper 't' at line 1 and attribute 'author.name' of mapper 't' at line 1; rename one of them\n", code: 2),
        Case("a literal dot and a nested destination into JSON", files: [
            "spec.json": #"{"keyPath": "items", "mappers": [{"id": "t", "target": "T", "attributes": {"a": "author\\.name", "b": "author.name"}}]}"#, "in.json": #"{"items": [{"a": 1, "b": 2}]}"#,
        ], ["apply", "spec.json", "in.json", "--format", "ndjson"], out: #"{"@type":"T","author.name":1,"author":{"name":2}}"# + "\n",
             err: "", code: 0, readsDocuments: true),
        // `types` and `defaults` keys are destination names: a misspelt one
        // gets the closest, a source name the destination it is mapped to.
        Case("types naming a misspelt destination and a source", files: [
            "spec.json": #"{"mappers": [{"id": "h", "target": "Hit", "attributes": {"objectID": "id", "created_at": "createdAt"},\#n"types": {"creatdAt": "date",\#n"objectID": "int"}}]}"#,
        ], ["lint", "spec.json"],
             err: "spec.json:2:11: warning: 'types' names 'creatdAt', which the mapper does not map; it has no effect; did you mean 'createdAt'? [mapper h]\n"
                + "spec.json:3:1: warning: 'types' names 'objectID', which the mapper does not map; it has no effect; "
                + "its keys are destination names, and source 'objectID' is mapped to 'id' [mapper h]\n", code: 0),
        // `null` as the last `target` reads as absent: the id names the type.
        Case("a mapper's last target is null", files: [
            "spec.json": #"{"keyPath": "items", "mappers": [{"id": "m", "target": "T", "target": null, "attributes": ["id"]}]}"#,
            "in.json": #"{"items": [{"id": 1}]}"#,
        ], ["apply", "spec.json", "in.json", "--format", "ndjson"], out: #"{"@type":"m","id":1}"# + "\n",
             err: "spec.json:1:61: warning: duplicate field 'target' in mapper 'm'; the last one is used\n", code: 0, readsDocuments: true),
        // `@type` is reserved at any depth: CSV writes a polymorphic to-one's type there.
        specCase("a nested @type destination", #"{"keyPath": "items", "mappers": [{"id": "m", "attributes": {"t": "track.@type"}}]}"#,
                 err: "s.json:1:66: error: destination 'track.@type' is reserved: every output writes the record type as '@type'; "
                    + "choose another name, such as 'type' or 'ldType' [mapper m]\n"),
        // Records of different types are different rows: they may share a column name.
        Case("a literal dot and a nested destination in two types into CSV", files: [
            "spec.json": #"[{"keyPath": "a", "root-map-ref": "A", "mappers": [{"id": "A", "target": "A", "attributes": {"x": "author.name"}}, {"id": "B", "target": "B", "attributes": {"y": "author\\.name"}}]}, {"keyPath": "b", "root-map-ref": "B"}]"#,
            "in.json": #"{"a": [{"x": 1}], "b": [{"y": 2}]}"#,
        ], ["apply", "spec.json", "in.json", "--format", "csv"], out: "@type,author.name\r\nA,1\r\nB,2\r\n", err: "", code: 0, readsDocuments: true),
        // A descriptor key path written as JSONPath names a key '$': a warning with the rkmap spelling.
        Case("a JSONPath key path", files: ["spec.json": #"{"keyPath":"$.results","mappers":[{"id":"m","attributes":["id"]}]}"#],
             ["lint", "spec.json"],
             err: "spec.json:1:12: warning: key path '$.results' reads a key named '$': key paths are not JSONPath, they start at the document; "
                + "write 'results'\n", code: 0),
        // A field written twice: the last is used, as the warning says
        // (the type name and the id too, which were once read from the first).
        Case("a mapper's target written twice", files: [
            "spec.json": #"{"keyPath": "items", "mappers": [{"id": "s", "target": "S", "target": "T", "attributes": ["id"]}]}"#,
            "in.json": #"{"items": [{"id": 1}]}"#,
        ], ["apply", "spec.json", "in.json", "--format", "ndjson"], out: #"{"@type":"T","id":1}"# + "\n",
             err: "spec.json:1:61: warning: duplicate field 'target' in mapper 's'; the last one is used\n", code: 0, readsDocuments: true),
        Case("a mapper's id written twice", files: [
            "spec.json": #"{"keyPath": "items", "root-map-ref": "q", "mappers": [{"id": "s", "id": "q", "attributes": ["id"]}]}"#,
            "in.json": #"{"items": [{"id": 1}]}"#,
        ], ["apply", "spec.json", "in.json", "--format", "ndjson"], out: #"{"@type":"q","id":1}"# + "\n",
             err: "spec.json:1:67: warning: duplicate field 'id' in mapper 'q'; the last one is used\n", code: 0, readsDocuments: true),
        Case("a mapper's target and targetName both", files: [
            "spec.json": #"{"keyPath": "items", "mappers": [{"id": "s", "targetName": "A", "target": "B", "attributes": ["id"]}]}"#,
            "in.json": #"{"items": [{"id": 1}]}"#,
        ], ["apply", "spec.json", "in.json", "--format", "ndjson"], out: #"{"@type":"B","id":1}"# + "\n",
             err: "spec.json:1:65: warning: 'target' in mapper 's' repeats 'targetName' (two spellings of one field); the last one is used\n",
             code: 0, readsDocuments: true),
    ]

    // MARK: Command line and output (exit 2 unless said)

    static let commandLineCases: [Case] = [
        Case("option without value", files: ["spec.json": spec], ["apply", "spec.json", "--status"],
             err: "error: missing value for '--status'\n" + usageApply, code: 2),
        Case("status 1000", files: ["spec.json": spec], ["apply", "spec.json", "--status", "1000"],
             err: "error: invalid value '1000' for '--status'; expected an HTTP status code from 100 to 599\n" + usageApply, code: 2),
        Case("max-depth 0", files: ["spec.json": spec], ["apply", "spec.json", "--max-depth", "0"],
             err: "error: invalid value '0' for '--max-depth'; expected a whole number from 1 to 10000\n" + usageApply, code: 2),
        Case("unknown format", files: ["spec.json": spec], ["apply", "spec.json", "--format", "xml"],
             err: "error: invalid value 'xml' for '--format'; expected one of json, ndjson, csv, sqlite\n" + usageApply, code: 2),
        Case("meta without equals", files: ["spec.json": spec], ["apply", "spec.json", "--meta", "noequals"],
             err: "error: invalid value 'noequals' for '--meta'; expected KEY=VALUE\n" + usageApply, code: 2),
        Case("flag given a value", files: ["spec.json": spec], ["apply", "spec.json", "--compact=yes"],
             err: "error: option '--compact' takes no value, but was given 'yes'\n" + usageApply, code: 2),
        Case("very long unknown option", files: ["spec.json": spec], ["apply", "spec.json", "--" + String(repeating: "x", count: 100_000)],
             err: "error: unknown option '--\(String(repeating: "x", count: 100_000))'\n" + usageApply, code: 2),
        Case("sqlite without -o", files: ["spec.json": spec], ["apply", "spec.json", "--format", "sqlite"],
             err: "error: '--format sqlite' writes a file: add '-o FILE'\n" + usageApply, code: 2),
        // Inputs are checked before anything is written: a directory is a usage
        // error like a missing file, not a failure halfway through.
        Case("input is a directory", files: ["spec.json": spec, "dir/x": ""], ["apply", "spec.json", "dir"],
             err: "error: cannot read 'dir': Is a directory\n", code: 2),
        Case("second input missing", files: ["spec.json": spec, "in.json": #"{"items": []}"#], ["apply", "spec.json", "in.json", "no.json"],
             err: "error: cannot read 'no.json': No such file or directory\n", code: 2),
        Case("eval checks inputs before printing", files: ["in.json": "{}"], ["eval", "id == 1", "in.json", "no.json"],
             err: "error: cannot read 'no.json': No such file or directory\n", code: 2),
        // The 257th 'NOT ' starts at column 4 * 256 + 1.
        Case("eval predicate nested too deep", ["eval", String(repeating: "NOT ", count: 300) + "a == 1"],
             err: "error: nesting deeper than 256 levels at column 1025\n  " + String(repeating: "NOT ", count: 300) + "a == 1\n  "
                + String(repeating: " ", count: 1024) + "^\n", code: 2),
        Case("output in a missing directory", files: ["spec.json": spec, "in.json": #"{"items": []}"#],
             ["apply", "spec.json", "in.json", "-o", "/nonexistent-rkmap-dir/x.json"],
             err: "error: cannot create a temporary file for '/nonexistent-rkmap-dir/x.json': No such file or directory\n", code: 2),
        Case("output is a directory", files: ["spec.json": spec, "in.json": #"{"items": []}"#, "dir/x": ""],
             ["apply", "spec.json", "in.json", "-o", "dir"], err: "error: cannot write 'dir': Is a directory\n", code: 2),
        Case("output is empty", files: ["spec.json": spec, "in.json": #"{"items": []}"#],
             ["apply", "spec.json", "in.json", "-o", ""], err: "error: cannot write '': No such file or directory\n", code: 2),
        Case("sqlite output is not a database",
             files: ["spec.json": spec, "in.json": #"{"items": []}"#, "x.db": "this is plain text, long enough to be read as a header"],
             ["apply", "spec.json", "in.json", "--format", "sqlite", "-o", "x.db"],
             err: "error: cannot open the database 'x.db': file is not a database\n", code: 2),
        Case("sqlite output in a missing directory", files: ["spec.json": spec, "in.json": #"{"items": []}"#],
             ["apply", "spec.json", "in.json", "--format", "sqlite", "-o", "no/x.db"],
             err: "error: cannot open the database 'no/x.db': unable to open database file\n", code: 2),
    ]

    static let allCases = specCases + inputCases + commandLineCases

    @Test(arguments: allCases)
    func pinnedMessage(_ c: Case) throws {
        let r = try run(c, environment: [:])
        #expect(r.stderr == c.err)
        #expect(r.status == c.code)
        #expect(r.stdout == c.out)
        if c.readsDocuments {
            let pipelined = try run(c, environment: ["RKMAP_PIPELINE_THRESHOLD": "0"])
            #expect(pipelined == r, "the multi-threaded path differs from the serial one")
        }
    }

    // MARK: Output guarantees

    /// A large output into a reader that is gone (`| head -c 10`): exit 0, no
    /// words, on the serial and on the multi-threaded path, for every text format.
    @Test(arguments: ["json", "ndjson", "csv"])
    func closedStdoutWithLargeOutputStopsQuietly(_ format: String) throws {
        let items = (0..<20_000).map { #"{"id": \#($0)}"# }.joined(separator: ",")
        let dir = try Self.scratch(["spec.json": Array(Self.spec.utf8), "in.json": Array(#"{"items": [\#(items)]}"#.utf8)])
        defer { try? FileManager.default.removeItem(at: dir) }
        for threshold in ["0", "1000000000"] {
            let r = try RKMapExecutable.run(["apply", "spec.json", "in.json", "--format", format], directory: dir,
                                            environment: ["RKMAP_PIPELINE_THRESHOLD": threshold], stdoutClosed: true)
            #expect(r.stderr == "", "threshold \(threshold)")
            #expect(r.status == 0, "threshold \(threshold)")
        }
    }

    /// A full disk is reported, for apply and for the commands whose output is
    /// only flushed at exit.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full to simulate a full disk"),
          arguments: [["apply", "spec.json", "in.json"], ["apply", "spec.json", "in.json", "-o", "/dev/full"],
                      ["fmt", "spec.json"], ["eval", "id == 1", "in.json"], ["--help"]])
    func fullDiskIsReported(_ args: [String]) throws {
        let dir = try Self.scratch(["spec.json": Array(Self.spec.utf8), "in.json": Array(#"{"items": [{"id": 1}]}"#.utf8)])
        defer { try? FileManager.default.removeItem(at: dir) }
        let process = Process()
        process.executableURL = try RKMapExecutable.locate()
        process.arguments = args
        process.currentDirectoryURL = dir
        let errURL = dir.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let full = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let err = try FileHandle(forWritingTo: errURL)
        defer { try? full.close(); try? err.close() }
        process.standardOutput = full
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(try String(contentsOf: errURL, encoding: .utf8) == "error: cannot write the output: No space left on device\n")
        #expect(process.terminationStatus == 1)
    }

    /// docs/spec.md §10.4: when a document fails, an existing database is left byte for
    /// byte as it was, and a database the run would have created does not exist.
    @Test func failedRunLeavesTheDatabaseAsItWas() throws {
        let good = #"{"items": [{"id": 1}]}"#
        let bad = "{\"items\": [{\"id\": 2}]}\n{\"other\": 1}\n"
        let dir = try Self.scratch(["spec.json": Array(Self.spec.utf8), "good.json": Array(good.utf8), "bad.json": Array(bad.utf8)])
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("out.db")
        let noDocument = "bad.json: $: error: no mappable content: none of the key paths 'items' is in the document (document 2)\n"

        let fresh = try RKMapExecutable.run(["apply", "spec.json", "bad.json", "--format", "sqlite", "-o", "out.db"], directory: dir)
        #expect(fresh.stderr == noDocument + "error: the database 'out.db' was not created because a document failed\n")
        #expect(fresh.status == 1)
        #expect(!FileManager.default.fileExists(atPath: db.path))

        let first = try RKMapExecutable.run(["apply", "spec.json", "good.json", "--format", "sqlite", "-o", "out.db"], directory: dir)
        #expect(first.status == 0)
        let before = try Data(contentsOf: db)
        for threshold in ["0", "1000000000"] {
            let r = try RKMapExecutable.run(["apply", "spec.json", "bad.json", "--format", "sqlite", "-o", "out.db"],
                                            directory: dir, environment: ["RKMAP_PIPELINE_THRESHOLD": threshold])
            #expect(r.stderr == noDocument + "error: the database 'out.db' was left unchanged because a document failed\n")
            #expect(r.status == 1)
            #expect(try Data(contentsOf: db) == before)
        }
    }

    /// `-o FILE` is all or nothing, like a SQLite database (docs/spec.md §10.4): a run
    /// with a failing document leaves the previous file as it was, says so, and
    /// leaves no temporary behind.
    @Test func outputFileIsLeftAsItWasWhenADocumentFails() throws {
        let input = "{\"items\": [{\"id\": 1}]}\n{\"items\": [\n"
        let dir = try Self.scratch(["spec.json": Array(Self.spec.utf8), "in.json": Array(input.utf8), "out.json": Array("old\n".utf8)])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try RKMapExecutable.run(["apply", "spec.json", "in.json", "--compact", "-o", "out.json"], directory: dir)
        #expect(r.stderr == "in.json:3:1: error: expected a value, found end of input\nerror: 'out.json' was left unchanged because a document failed\n")
        #expect(r.status == 1)
        #expect(try String(contentsOf: dir.appendingPathComponent("out.json"), encoding: .utf8) == "old\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["in.json", "out.json", "spec.json"])
    }

    /// `-o` through a symlink replaces the file it names, not the link; `-o` to a
    /// device writes to it instead of renaming a file over the device node.
    @Test func outputThroughASymlinkAndToADevice() throws {
        let dir = try Self.scratch(["spec.json": Array(Self.spec.utf8), "in.json": Array(#"{"items": [{"id": 1}]}"#.utf8),
                                    "target.json": Array("old\n".utf8)])
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("link.json").path, withDestinationPath: "target.json")
        let expected = "[{\"@type\":\"Item\",\"id\":1}]\n"

        let linked = try RKMapExecutable.run(["apply", "spec.json", "in.json", "--compact", "-o", "link.json"], directory: dir)
        #expect(linked.status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir.appendingPathComponent("link.json").path) == "target.json")
        #expect(try String(contentsOf: dir.appendingPathComponent("target.json"), encoding: .utf8) == expected)

        let device = try RKMapExecutable.run(["apply", "spec.json", "in.json", "--compact", "-o", "/dev/stdout"], directory: dir)
        #expect(device == .init(stdout: expected, stderr: "", status: 0, stdoutBytes: Array(expected.utf8)))
    }

    /// `-o /dev/stdout` (and `/dev/fd/1`, `/proc/self/fd/1`) is the process's
    /// own stream, written through its descriptor as a shell redirection
    /// writes it. When that stream was a regular file, a file was renamed
    /// over the name: the shell's file replaced (what it wrote before and
    /// after rkmap lost), or, for a file since deleted, the system's
    /// `/dev/stdout` link itself, made a regular file, exit 0. Run through a
    /// shell whose output is a file: what it writes around rkmap stays, and
    /// `/dev/stdout` is still a link. A descriptor that is not open is an error.
    @Test func outputToTheProcessStreamByNameWritesThroughIt() throws {
        let dir = try Self.scratch(["spec.json": Array(Self.spec.utf8), "in.json": Array(#"{"items": [{"id": 1}]}"#.utf8)])
        defer { try? FileManager.default.removeItem(at: dir) }
        let binary = try RKMapExecutable.locate().path
        let expected = "[{\"@type\":\"Item\",\"id\":1}]\n"
        for name in ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"] {
            let script = """
                printf 'before\\n'
                '\(binary)' apply spec.json in.json --compact -o \(name) || printf 'failed %s\\n' $?
                printf 'after\\n'
                """
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", script]
            process.currentDirectoryURL = dir
            let file = dir.appendingPathComponent("shell-output.txt")
            FileManager.default.createFile(atPath: file.path, contents: nil)
            let handle = try FileHandle(forWritingTo: file)
            process.standardOutput = handle
            process.standardInput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            try handle.close()
            #expect(try String(contentsOf: file, encoding: .utf8) == "before\n" + expected + "after\n", "\(name)")
            var info = stat()
            #expect(lstat("/dev/stdout", &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK, "/dev/stdout is no longer a link")
        }
        let closed = try RKMapExecutable.run(["apply", "spec.json", "in.json", "-o", "/dev/fd/9"], directory: dir)
        #expect(closed.status != 0)
        #expect(closed.stderr == "error: cannot write '/dev/fd/9': Bad file descriptor\n", "\(closed.stderr)")
    }

    /// A minified spec is one long line: the column of a problem far along it is
    /// still exact (and finding it is not quadratic in the line's length).
    @Test func locationOnALongMinifiedLine() throws {
        let mappers = (0..<3_000).map { #"{"id":"m\#($0)","attributes":["a\#($0)"]}"# }.joined(separator: ",")
        let prefix = #"{"root-map-ref":"m0","mappers":["# + mappers + #",{"id":"bad","attributes":"#
        let text = prefix + #"5}]}"#
        let dir = try Self.scratch(["s.json": Array(text.utf8), "in.json": Array("{}".utf8)])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try RKMapExecutable.run(["apply", "s.json", "in.json"], directory: dir)
        #expect(r.stderr == "s.json:1:\(prefix.unicodeScalars.count + 1): error: 'attributes' in mapper 'bad' must be an object, an array or null; found a number\n")
        #expect(r.status == 2)
    }

    /// A path parameter whose escapes are not UTF-8 is kept as written rather
    /// than turned into U+FFFD.
    @Test func pathParameterWithInvalidEscapesIsKeptAsWritten() throws {
        let spec = #"{"path": "/items/:id", "mappers": [{"id": "a", "attributes": ["x", {"@metadata.routing.parameters.id": "id"}]}]}"#
        let dir = try Self.scratch(["spec.json": Array(spec.utf8), "in.json": Array(#"{"x": 1}"#.utf8)])
        defer { try? FileManager.default.removeItem(at: dir) }
        for (path, value) in [("/items/%C3", "%C3"), ("/items/%C3%A9", "é"), ("/items/%zz", "%zz")] {
            let r = try RKMapExecutable.run(["apply", "spec.json", "in.json", "--compact", "--no-type", "--path", path], directory: dir)
            #expect(r.stdout == "[{\"x\":1,\"id\":\"\(value)\"}]\n", "\(path)")
            #expect(r.status == 0)
        }
    }

    private func run(_ c: Case, environment: [String: String?]) throws -> RKMapExecutable.Result {
        let dir = try Self.scratch(c.files)
        defer { try? FileManager.default.removeItem(at: dir) }
        return try RKMapExecutable.run(c.args, stdin: c.stdin, directory: dir, environment: environment)
    }

    static func scratch(_ files: [String: [UInt8]] = [:]) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rkmap-errors-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (name, bytes) in files {
            let url = dir.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        return dir
    }

    /// A matcher choosing its own dynamic mapper: `lint` says so where the
    /// matcher is (`--strict` makes it an error), before `apply` meets an object it
    /// matches and warns that the mappers choose each other in a cycle.
    @Test func lintWarnsOfAMatcherChoosingItsOwnDynamicMapper() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", #"""
            {"root-map-ref": "pick", "mappers": [
              {"id": "pick", "dynamic": true, "matchers": [
                {"keyPath": "type", "expectValue": "a", "map-ref": "pick"},
                {"keyPath": "type", "expectValue": "b", "map-ref": "obj"}]},
              {"id": "obj", "target": "O", "attributes": ["id"]}]}
            """#)
        let lint = try RKMapExecutable.run(["lint", "spec.json"], directory: scratch.url)
        #expect(lint.stderr.contains("spec.json:3:5: warning: this matcher chooses 'pick', the dynamic mapper it is in"), "\(lint)")
        #expect(lint.status == 0)
        let strict = try RKMapExecutable.run(["lint", "--strict", "spec.json"], directory: scratch.url)
        #expect(strict.stderr.contains("spec.json:3:5: error: this matcher chooses 'pick'"), "\(strict)")
        #expect(strict.status == 2)
        try scratch.write("in.json", #"[{"type": "a", "id": 1}, {"type": "b", "id": 2}]"#)
        let apply = try RKMapExecutable.run(["apply", "spec.json", "in.json", "--compact"], directory: scratch.url)
        #expect(apply.stdout == #"[{"@type":"O","id":2}]"# + "\n")
        #expect(apply.stderr.contains("in.json: $[0]: warning: dynamic mappers choose each other in a cycle"), "\(apply.stderr)")
        // A long cycle is named by its ends: a ring of 6,000 mappers each
        // closing it was spelled whole in each warning (211 MB).
        let ring = (0..<8).map { #"{"id": "p\#($0)", "dynamic": true, "matchers": [{"keyPath": "k", "expectValue": 1, "map-ref": "p\#(($0 + 1) % 8)"}]}"# }
        try scratch.write("ring.json", #"{"root-map-ref": "p0", "mappers": ["# + ring.joined(separator: ", ") + "]}")
        let long = try RKMapExecutable.run(["lint", "ring.json"], directory: scratch.url)
        #expect(long.stderr.contains("closes a cycle of dynamic mappers, 'p0' → 'p1' → 'p2' → … 4 more … → 'p7' → 'p0':"), "\(long)")
    }
}

/// Deep nesting up to the largest `--max-depth` maps without exhausting the
/// stack, on the serial and the pipeline path; one level more is a clean error.
@Suite struct DeepNestingTests {
    static let spec = #"{"mappers": [{"id": "node", "target": "Node", "attributes": ["name"], "relationships": [{"from": "child", "to": "child", "map-ref": "node"}]}]}"#

    static func chain(_ depth: Int) -> String {
        var s = #"{"name":"leaf"}"#
        for i in 0..<depth { s = #"{"name":"n\#(i)","child":\#(s)}"# }
        return s
    }

    @Test(arguments: ["1000000000", "0"])
    func deepestAllowedNestingMaps(threshold: String) throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.spec)
        try scratch.write("deep.json", Self.chain(9_998))
        let r = try RKMapExecutable.run(
            ["apply", "spec.json", "deep.json", "--compact", "--max-depth", "10000"],
            directory: scratch.url, environment: ["RKMAP_PIPELINE_THRESHOLD": threshold])
        #expect(r.status == 0)
        #expect(r.stderr == "")
        #expect(r.stdout.hasPrefix(#"[{"@type":"Node","name":"n9997","child":{"@type":"Node","name":"n9996""#))
        #expect(r.stdout.hasSuffix(String(repeating: "}", count: 9_999) + "]\n"))
    }

    @Test func deeperThanTheLimitIsAnErrorNotACrash() throws {
        let scratch = try Scratch()
        try scratch.write("spec.json", Self.spec)
        try scratch.write("deep.json", Self.chain(10_000))
        let r = try RKMapExecutable.run(["apply", "spec.json", "deep.json", "--max-depth", "10000"], directory: scratch.url)
        #expect(r.status == 1)
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix("deep.json:1:") && r.stderr.hasSuffix(": error: nesting deeper than 10000 levels\n"))
    }
}
