/// Rows for `PredicateEvaluationTests`: (predicate, JSON value, expected result).
/// Expected results follow NSPredicate's documented behaviour over the JSON
/// value (RestKit hands NSPredicate the parsed NSDictionary/NSArray), adjusted
/// only where docs/spec.md §9 says so (values of different JSON kinds never compare).
enum PredicateTable {
    /// A person like the RestKit "people" example, with one of every JSON kind.
    static let person = #"""
    {"name": "Blake", "type": "Boy", "age": 12, "height": 1.52, "nick": null, "active": true,
     "tags": ["a", "b"], "scores": [3, 5, 8], "empty": [],
     "address": {"city": "Zürich", "zip": "8000"},
     "friends": [{"name": "Sarah", "type": "Girl", "age": 11}, {"name": "Bob", "type": "Boy", "age": 14}]}
    """#

    typealias Row = (predicate: String, json: String, expected: Bool)

    /// Rows evaluated against `person`.
    static let personRows: [(String, Bool)] = [
        // equality, kinds and numbers
        ("type == 'Boy'", true), ("type = 'Boy'", true), ("type == \"Boy\"", true), ("type == 'boy'", false),
        ("type != 'Girl'", true), ("type <> 'Boy'", false), ("age == 12", true), ("age == 12.0", true),
        ("age == 1.2e1", true), ("age == '12'", false), ("age != '12'", true), ("age == 12.5", false),
        ("height == 1.52", true), ("active == TRUE", true), ("active == YES", true), ("active == true", true),
        ("active == NO", false), ("active != FALSE", true), ("active == 1", false), ("active == 'true'", false),
        ("address.zip == 8000", false), ("address.zip == '8000'", true), ("tags == {'a', 'b'}", true),
        ("tags == {'b', 'a'}", false), ("address == nil", false),
        // ordering
        ("age > 11", true), ("age >= 12", true), ("age => 12", true), ("age < 12", false), ("age <= 12", true),
        ("age =< 12", true), ("age > -1", true), ("age < -1", false), ("height > 1.5", true), ("height < 1.5e0", false),
        ("age > '11'", false), ("age < '13'", false), ("name < 'C'", true), ("name > 'Blake'", false),
        ("name >= 'Blake'", true), ("name <= 'BLAKE'", false), ("name <=[c] 'BLAKE'", true), ("name >[c] 'BLAKE'", false),
        ("active > FALSE", true), ("tags > 1", false), ("address < 1", false),
        // nil semantics
        ("nick == nil", true), ("nick == NULL", true), ("missing == nil", true), ("missing == NIL", true),
        ("nick != nil", false), ("missing != nil", false), ("name != nil", true), ("missing == 0", false),
        ("missing != 0", true), ("missing < 1", false), ("missing > 1", false), ("nick < 1", false),
        ("nick >= 0", false), ("missing == ''", false), ("missing != 'x'", true), ("address.missing.deeper == nil", true),
        ("name.first == nil", true), ("nil == missing", true), ("nil == nick", true),
        // nested paths and modifiers on ==
        ("address.city == 'Zürich'", true), ("address.city == 'Zurich'", false), ("address.city ==[d] 'Zurich'", true),
        ("address.city ==[cd] 'ZURICH'", true), ("address.city ==[c] 'ZÜRICH'", true), ("address.city ==[c] 'zurich'", false),
        ("type ==[c] 'boy'", true), ("type ==[c] 'BOY'", true), ("type !=[c] 'BOY'", false), ("type ==[c] 'bo'", false),
        ("address.city ==[dc] 'zurich'", true),
        // BETWEEN
        ("age BETWEEN {10, 12}", true), ("age BETWEEN {12, 20}", true), ("age BETWEEN {13, 20}", false),
        ("age between {1.5, 12.5}", true), ("name BETWEEN {'A', 'C'}", true), ("age BETWEEN {'10', '20'}", false),
        ("missing BETWEEN {0, 100}", false), ("height BETWEEN {1, 2}", true), ("age BETWEEN {20, 10}", false),
        ("age BETWEEN {10, '20'}", false),
        // IN
        ("type IN {'Boy', 'Girl'}", true), ("type IN {'Man', 'Woman'}", false), ("age IN {10, 11, 12}", true),
        ("age IN {10, 11, 12.0}", true), ("age IN {'12'}", false), ("type IN[c] {'BOY'}", true), ("type IN {'BOY'}", false),
        ("'a' IN tags", true), ("'z' IN tags", false), ("'lak' IN name", true), ("'LAK' IN name", false),
        ("'LAK' IN[c] name", true), ("type IN {}", false), ("nick IN {1, 2}", false), ("5 IN scores", true),
        ("12 IN scores", false), ("'Zürich' IN address", true), ("'city' IN address", false), ("1 IN age", false),
        ("type IN missing", false), ("'Sarah' IN friends.name", true),
        // CONTAINS
        ("name CONTAINS 'lak'", true), ("name CONTAINS 'LAK'", false), ("name CONTAINS[c] 'LAK'", true),
        ("name CONTAINS 'Blake'", true), ("name CONTAINS 'Blakes'", false), ("tags CONTAINS 'a'", true),
        ("tags CONTAINS 'c'", false), ("tags CONTAINS[c] 'A'", true), ("scores CONTAINS 5", true),
        ("scores CONTAINS '5'", false), ("age CONTAINS 1", false), ("age CONTAINS '1'", false),
        ("missing CONTAINS 'a'", false), ("name CONTAINS ''", false), ("friends.name CONTAINS 'Sarah'", true),
        ("friends.name CONTAINS 'Sar'", false), ("address.city CONTAINS[cd] 'URI'", true),
        ("address.city CONTAINS 'uri'", false), ("address CONTAINS '8000'", true),
        // BEGINSWITH / ENDSWITH
        ("name BEGINSWITH 'Bl'", true), ("name BEGINSWITH 'bl'", false), ("name BEGINSWITH[c] 'b'", true),
        ("name beginswith[c] 'B'", true), ("name BEGINSWITH 'Blake'", true), ("name BEGINSWITH 'Blakey'", false),
        ("name BEGINSWITH ''", false), ("name ENDSWITH 'ake'", true), ("name ENDSWITH[c] 'AKE'", true),
        ("name ENDSWITH 'Bl'", false), ("name ENDSWITH ''", false), ("age BEGINSWITH '1'", false),
        ("age ENDSWITH 2", false), ("missing BEGINSWITH 'a'", false), ("nick ENDSWITH 'a'", false),
        ("address.city BEGINSWITH[d] 'Zu'", true), ("address.city BEGINSWITH 'Zu'", false),
        ("address.city ENDSWITH 'ich'", true), ("tags BEGINSWITH 'a'", false),
        // LIKE
        ("name LIKE 'B*'", true), ("name LIKE 'b*'", false), ("name LIKE[c] 'b*'", true), ("name LIKE 'Bl?ke'", true),
        ("name LIKE 'Bl?'", false), ("name LIKE '*a*'", true), ("name LIKE 'Blake'", true), ("name LIKE 'Blak'", false),
        ("name LIKE '*'", true), ("name LIKE '??????'", false), ("name LIKE '?????'", true), ("age LIKE '1*'", false),
        ("address.city LIKE[cd] 'zur*'", true), ("address.city LIKE 'Z?rich'", true), ("name LIKE 'B*e'", true),
        ("name LIKE 'B*x'", false), ("name LIKE '*k*k*'", false), ("name LIKE '**e'", true), ("missing LIKE '*'", false),
        // MATCHES (ICU regular expressions, whole string)
        ("name MATCHES 'B.*'", true), ("name MATCHES 'lak'", false), ("name MATCHES '.*lak.*'", true),
        ("name MATCHES '[A-Z][a-z]+'", true), ("name MATCHES 'blake'", false), ("name MATCHES[c] 'blake'", true),
        (#"address.zip MATCHES '\\d{4}'"#, true), (#"address.zip MATCHES '\d{4}'"#, true),
        (#"address.zip MATCHES '\d{3}'"#, false), ("age MATCHES '12'", false), ("name MATCHES 'Bla|Blake'", true),
        ("name MATCHES 'Bla'", false), ("address.city MATCHES[d] 'Zurich'", true), ("missing MATCHES '.*'", false),
        // logical operators and precedence (NOT > AND > OR)
        ("type == 'Boy' AND age >= 12", true), ("type == 'Boy' && age > 12", false), ("type == 'Girl' OR age == 12", true),
        ("type == 'Girl' || age == 13", false), ("NOT type == 'Girl'", true), ("!(type == 'Boy')", false),
        ("not type == 'Boy'", false), ("! type == 'Boy'", false), ("type == 'Boy' OR type == 'Girl' AND age == 99", true),
        ("type == 'Girl' || type == 'Boy' && age == 99", false),
        ("(type == 'Boy' OR type == 'Girl') AND age == 99", false), ("NOT type == 'Girl' AND age == 99", false),
        ("NOT (type == 'Girl' AND age == 99)", true), ("type == 'Boy' and age == 12 or name == 'x'", true),
        ("TRUEPREDICATE", true), ("FALSEPREDICATE", false), ("truepredicate AND age == 12", true),
        ("NOT FALSEPREDICATE", true), ("FALSEPREDICATE OR TRUEPREDICATE", true), ("NOT NOT type == 'Boy'", true),
        ("((age == 12))", true), ("age == 12 AND (type == 'Girl' OR name == 'Blake')", true),
        ("age == 12 AND type == 'Girl' OR name == 'Blake'", true), ("age == 1 OR age == 2 OR age == 12", true),
        // aggregates
        ("ANY friends.type == 'Girl'", true), ("ANY friends.type == 'Man'", false), ("SOME friends.type == 'Girl'", true),
        ("ALL friends.age > 10", true), ("ALL friends.age > 11", false), ("NONE friends.age > 20", true),
        ("NONE friends.type == 'Boy'", false), ("ANY missing.type == 'Girl'", false), ("ALL missing.type == 'Girl'", true),
        ("NONE missing == 1", true), ("ANY empty == 1", false), ("ALL empty == 1", true), ("NONE empty == 1", true),
        ("ANY name == 'Blake'", false), ("ALL name == 'x'", true), ("ANY nick == nil", false), ("ANY scores > 7", true),
        ("ALL scores > 2", true), ("ALL scores > 3", false), ("ANY scores BETWEEN {4, 6}", true),
        ("ANY tags IN {'b', 'c'}", true), ("NONE tags IN {'c'}", true), ("ANY friends.name BEGINSWITH[c] 's'", true),
        ("ANY friends.name LIKE '?ob'", true), ("ALL friends.name MATCHES '[A-Z].*'", true),
        ("any friends.type == 'Girl'", true), ("friends.type == 'Girl'", false), ("friends.type == {'Girl', 'Boy'}", true),
        ("friends.type == {'Boy', 'Girl'}", false), ("ANY friends.nick == nil", true), ("ALL friends.nick == nil", true),
        ("ALL friends.age >= 11 AND type == 'Boy'", true), ("NOT ANY friends.type == 'Girl'", false),
        ("ANY friends.type == 'Girl' AND ANY friends.type == 'Boy'", true), ("ANY friends.age == '11'", false),
        // collection operators
        ("friends.@count == 2", true), ("friends.@count > 2", false), ("scores.@sum == 16", true),
        ("scores.@avg > 5", true), ("scores.@avg < 5.4", true), ("scores.@max == 8", true), ("scores.@min == 3", true),
        ("empty.@count == 0", true), ("empty.@sum == 0", true), ("empty.@max == nil", true), ("missing.@count == 0", false),
        ("missing.@count == nil", true), ("friends.age.@max == 14", true), ("friends.age.@sum BETWEEN {20, 30}", true),
        ("tags.@count == 2 AND tags CONTAINS 'b'", true), ("name.@count == nil", true),
        // SELF, constants on either side
        ("self.name == 'Blake'", true), ("SELF.address.zip == '8000'", true), ("SELF != nil", true),
        ("'Boy' == type", true), ("12 < age", false), ("13 > age", true), ("1 == 1", true), ("'1' == 1", false),
        ("'abc' CONTAINS 'b'", true), ("nil == nil", true), ("{1, 2} CONTAINS 2", true), ("{type, name} CONTAINS 'Blake'", true),
        ("age IN {11, age}", true),
        // keywords in any case
        ("name beginsWith 'B' and age Between {1, 20}", true), ("type == 'Boy' AnD NoT age == 1", true),
        ("name Like 'B*'", true), ("type In {'Boy'}", true), ("name Matches 'B.+'", true), ("Any friends.age Contains 1", false),
        ("nick == Nil", true), ("active == Yes", true),
    ]

    /// Rows with their own JSON value (scalars for SELF, literal syntax, keys).
    static let valueRows: [Row] = [
        // docs/spec.md §8's validation example: the attribute's value is SELF.
        ("SELF != 0", "5", true), ("SELF != 0", "0", false), ("SELF != 0", "0.0", false), ("SELF != 0", "-0", false),
        ("SELF != 0", #""0""#, true), ("SELF != 0", "null", true), ("SELF != 0", "[]", true),
        ("SELF == 'x'", #""x""#, true), ("SELF BEGINSWITH 'ab'", #""abc""#, true), ("SELF MATCHES '[0-9]+'", #""123""#, true),
        ("SELF MATCHES '[0-9]+'", "123", false), ("SELF > 10", "11", true), ("SELF > 10", #""11""#, false),
        ("SELF == nil", "null", true), ("SELF IN {1, 2, 3}", "2", true), ("SELF.@count == 3", "[1, 2, 3]", true),
        ("ANY SELF == 2", "[1, 2, 3]", true), ("SELF CONTAINS 2", "[1, 2, 3]", true), ("SELF == {1, 2, 3}", "[1, 2, 3]", true),
        ("SELF == TRUE", "true", true), ("SELF == 1", "true", false), ("SELF.length == nil", #""abc""#, true),
        ("SELF BETWEEN {0, 1}", "0.5", true),
        // string literal escapes
        (#"quote == 'it\'s'"#, #"{"quote": "it's"}"#, true), (#"quote == "say \"hi\"""#, #"{"quote": "say \"hi\""}"#, true),
        (#"quote == 'caf\u00e9'"#, #"{"quote": "café"}"#, true), (#"quote == 'a\nb'"#, #"{"quote": "a\nb"}"#, true),
        (#"quote == 'a\tb'"#, #"{"quote": "a\tb"}"#, true), (#"quote == 'back\\slash'"#, #"{"quote": "back\\slash"}"#, true),
        // number literals
        ("n == -3.5", #"{"n": -3.5}"#, true), ("n == 0x1F", #"{"n": 31}"#, true), ("n < 1e3", #"{"n": 999}"#, true),
        ("n == .5", #"{"n": 0.5}"#, true), ("n == 007", #"{"n": 7}"#, true), ("n == 1E-2", #"{"n": 0.01}"#, true),
        ("n == 12345678901234567890", #"{"n": 12345678901234567890}"#, true), ("n > -0.5", #"{"n": 0}"#, true),
        // keys: hyphens, escaped keywords, Unicode
        ("content-type == 'json'", #"{"content-type": "json"}"#, true), ("#in == 3", #"{"in": 3}"#, true),
        ("#AND == 1 AND #or.x == 2", #"{"AND": 1, "or": {"x": 2}}"#, true), ("név == 'é'", #"{"név": "é"}"#, true),
        ("user_id == 7", #"{"user_id": 7}"#, true), ("a.b.c == 1", #"{"a": {"b": {"c": 1}}}"#, true),
        // non-ASCII case and diacritic folding
        ("n ==[c] 'école'", #"{"n": "ÉCOLE"}"#, true), ("n ==[cd] 'ecole'", #"{"n": "ÉCOLE"}"#, true),
        ("n ==[c] 'ecole'", #"{"n": "ÉCOLE"}"#, false), ("n BEGINSWITH[c] 'éc'", #"{"n": "ÉCOLE"}"#, true),
        ("n ENDSWITH[cd] 'LE'", #"{"n": "école"}"#, true), ("n CONTAINS[d] 'naive'", #"{"n": "a naïve idea"}"#, true),
        ("n LIKE[cd] 'a na?ve*'", #"{"n": "A NAÏVE idea"}"#, true),
        // right-hand sides read from the representation
        ("name MATCHES re", #"{"name": "abc", "re": "a.c"}"#, true), ("name MATCHES re", #"{"name": "abc", "re": "a.d"}"#, false),
        ("name LIKE[c] glob", #"{"name": "abc", "glob": "A*"}"#, true), ("name BEGINSWITH prefix", #"{"name": "abc", "prefix": 1}"#, false),
        ("low < high", #"{"low": 1, "high": 2}"#, true), ("a == b", #"{"a": null}"#, true), ("a == b", #"{"a": [1], "b": [1.0]}"#, true),
        ("n BETWEEN range", #"{"n": 5, "range": [1, 9]}"#, true), ("n BETWEEN range", #"{"n": 5, "range": [1]}"#, false),
        // the RestKit people example
        ("ANY friends.type == 'Girl'", #"{"friends": [{"type": "Boy"}, {"type": "Girl"}]}"#, true),
        ("ANY friends.type == 'Girl'", #"{"friends": []}"#, false), ("ANY friends.type == 'Girl'", #"{"friends": null}"#, false),
        ("ALL friends.type == 'Girl'", #"{"friends": null}"#, true),
        ("type == 'Girl' AND age >= 18", #"{"type": "Girl", "age": 18}"#, true),
        ("type == 'Girl' AND age >= 18", #"{"type": "Girl", "age": 17}"#, false),
        ("type == 'Girl' AND age >= 18", #"{"type": "Girl", "age": "18"}"#, false),
        ("type == 'Girl' AND age >= 18", #"{"type": "girl", "age": 30}"#, false),
        ("type == 'Girl' AND age >= 18", #"{"age": 30}"#, false),
        ("name BEGINSWITH[c] 'b'", #"{"name": "blake"}"#, true), ("name BEGINSWITH[c] 'b'", #"{"name": "Sarah"}"#, false),
        ("name BEGINSWITH[c] 'b'", #"{"name": 42}"#, false),
    ]
}
