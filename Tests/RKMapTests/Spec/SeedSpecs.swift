/// Verbatim JSON blocks from `seeds/004_*.txt` ("Mapping description for RestKit"),
/// typos included. Line 1 of each block is the seed line named beside it.
enum SeedSpecs {
    /// Spec (seed lines 45-80).
    static let quickExample = #"""
{
	"path" : "api/login",
    "keyPath" : "member_info",
    "statusCodes" : [201, 2XX, 3XX, 302],
    "root-map-ref" : "staffEntity",
	"methods" : ["POST", "GET"],
    "mappers" : [
    	{
        	"id" : "staffEntity",
            "entity" : "YES",
            "targetName" : "NKHouseStaff",
            "attributes" : {
            	 "memIdx" : "userId",
                 "memNm" : "name"
            },
            "identification" : "userId",
            "relationships" : [
            	{
            		"from" : "",
                    "to" : "house"
                    "map-ref" : "houseEntity"
                }
            ]
        },
        {
        	"id" : "houseEntity",
            "entity" : "YES",
            "targetName" : "NKHouse",
            "attributes" : {
            	"orgId" : "houseId",
                "orgNm" : "name"
            },
            "identification" : "houseId"
        }
    ]
}
"""#

    /// Spec (seed lines 110-127).
    static let example1 = #"""
{
	"path" : "",
    "keyPath" : "articles"
    "statusCodes" : ["2XX"],
    "mappers" : [
    	{
        	"id" : "articleObj",
            "entity" : "NO",
            "targetName" : "Article",
            "attributes" : {
            	"title" : "title",
                "body" : "body",
                "author" : "author",
                "publication_date" : "publicationDate"
            }
        }
    ]
}
"""#

    /// Spec (seed lines 161-192).
    static let example2 = #"""
{
	"path" : "articles",
    "keyPath" : "articles"
    "statusCodes" : ["2XX"],
    "root-map-ref" : "articleObj",
    "methods" : ["POST"],
    "mappers" : [
    	{
        	"id" : "authorObj",
            "entity" : "NO",
            "target" : "Author",
            "attributes" : ["name", "email"]
        },
        {
        	"id" : "articleObj",
            "entity" : "NO",
            "target" : "Article",
            "attributes" : {
            	"title" : "title",
                "body" : "body",
                "publication_date" : "publicationDate"
            }
            "relationships" : [
            	{
                	"from" : "author",
                    "to" : "author"
                    "map-ref" : "authorObj"
                }
            ]
        }
    ]
}
"""#

    /// Spec (seed lines 224-244).
    static let example3 = #"""
{
	"path" : "",
    "keyPath" : "user_ids"
    "statusCodes" : ["2XX"],
    "root-map-ref" : "userMapping",
    "methods" : ["ANY"],
    "mappers" : [
    	{
        	"id" : "userMapping",
            "entity" : "NO",
            "target" : "RKExampleUser",
            "attributes" : nil,
            "relationships" : [
            	{
                	"from" : "",
                    "to" : "userID"
                }
            ]
        }
    ]
}
"""#

    /// Spec (seed lines 283-316).
    static let example4 = #"""
{
	"path" : "",
    "keyPath" : ""
    "statusCodes" : ["2XX"],
    "root-map-ref" : "userMapping",
    "methods" : ["ANY"],
    "mappers" : [
    	{
        	"id" : "addressMaper",
            "entity" : "NO",
            "target" : "RKExampleAddress",
            "attributes" : [
            	["city", "state"],
                {"zip" : "zipCode"}
            ]
        },
    	{
        	"id" : "userMapping",
            "entity" : "NO",
            "target" : "RKExampleUser",
            "attributes" : {
            	"first_name" : "firstName",
                "last_name" : "lastName"
            },
            "relationships" : [
            	{
                	"from" : "",
                    "to" : "address",
                    "map-ref" : "addressMaper"
                }
            ]
        }
    ]
}
"""#

    /// Spec (seed lines 379-397).
    static let example6 = #"""
{
	"path" : "",
    "keyPath" : ""
    "statusCodes" : ["2XX"],
    "root-map-ref" : "userMapping",
    "methods" : ["ANY"],
    "mappers" : [
    	{
        	"id" : "userMapper",
            "entity" : "NO",
            "target" : "User",
            "keyAttribute" : "username",
            "attributes" : [
            	"email" : "email",
                "favorite_animal":"favoriteAnimal"
            ]
        }
    ]
}
"""#

    /// Spec (seed lines 427-446).
    static let example6Multiple = #"""
{
	"path" : "",
    "keyPath" : ""
    "statusCodes" : ["2XX"],
    "root-map-ref" : "userMapping",
    "methods" : ["ANY"],
    "mappers" : [
    	{
        	"id" : "userMapper",
            "entity" : "NO",
            "target" : "User",
            "keyAttribute" : "username",
            "forceCollection" : "YES",
            "attributes" : [
            	"email" : "email",
                "favorite_animal":"favoriteAnimal"
            ]
        }
    ]
}
"""#

    /// Spec (seed lines 522-573).
    static let example7 = #"""
{
	"path" : "",
    "keyPath" : ""
    "statusCodes" : ["2XX"],
    "root-map-ref" : "dynamicMapping",
    "methods" : ["ANY"],
    "mappers" : [
    	{
        	"id" : "boyMappin",
            "target" : "Boy",
            "entity" : "NO",
            "attributes" : [ "name" ],
            "relationships" : [
            	"from" : "friends",
                "to" : "friends",
                "map-ref" : "dynamicMapper"
            ]
        },
        {
        	"id" : "girlMappin",
            "target" : "Girl",
            "entity" : "NO",
            "attributes" : [ "name" ],
 			"relationships" : [
            	"from" : "friends",
                "to" : "friends",
                "map-ref" : "dynamicMapper"
            ]

        },
        {
        	"id" : "dynamicMapper",
            "dynamic" : "YES",
            "matchers" : [
            	{
                	"keyPath" : "type",
                    "expectValue" : "Boy",
                    "map-ref" : "boyMappin"
                },
                {
                	"keyPath" : "type",
                    "expectValue" : "Girl",
                    "map-ref" : "girlMappin"
                },
                {
                	"predicate" : "<your predicate statement here>",
                    "map-ref" : "<your reference to mapper-id>"
                }
            ]
        }
    ]
}
"""#

    /// Response data (seed lines 200-200).
    static let response3 = #"""
 { "user_ids": [1234, 5678] }
"""#

    /// Response data (seed lines 254-260).
    static let response4 = #"""
    {
    	"first_name": "Example",
        "last_name": "McUser",
        "city": "New York City",
        "state": "New York",
        "zip": 10038
    }
"""#

    /// Response data (seed lines 325-343).
    static let response5 = #"""
{
    "article": { "title": "RestKit Object Mapping Intro",
                "body": "This article details how to use RestKit object mapping...",
                "authorIds": [13, 15],
                "publication_date": "7/4/2011"
            },
    "authors": [
        {
            "name": "Blake Watters",
            "email": "blake@gmail.com",
            "id": 13
        },
        {
            "name": "Bob Spryn",
            "email": "bob@gmail.com",
            "id": 15
        }
    ]
}
"""#

    /// Response data (seed lines 357-362).
    static let response6 = #"""
{
	"blake": {
        "email": "blake@restkit.org",
        "favorite_animal": "Monkey"
    }
}
"""#

    /// Response data (seed lines 404-413).
    static let response6Multiple = #"""
{
  "blake": {
    "email": "blake@restkit.org",
    "favorite_animal": "Monkey"
  },
  "sarah": {
    "email": "sarah@restkit.org",
    "favorite_animal": "Cat"
  }
}
"""#

    /// Response data (seed lines 456-477).
    static let response7 = #"""
{
    "people": [
        {
            "name": "Blake Watters",
            "type": "Boy",
            "friends": [
                {
                    "name": "John Doe",
                    "type": "Boy"
                },
                {
                    "name": "Jane Doe",
                    "type": "Girl"
                }
            ]
        },
        {
            "name": "Sarah",
            "type": "Girl"
        }
    ]
}
"""#

    static let specs: [(String, String)] = [("quickExample", quickExample), ("example1", example1), ("example2", example2), ("example3", example3), ("example4", example4), ("example6", example6), ("example6Multiple", example6Multiple), ("example7", example7)]
    static let responses: [(String, String)] = [("response3", response3), ("response4", response4), ("response5", response5), ("response6", response6), ("response6Multiple", response6Multiple), ("response7", response7)]
}
