# The benchmark transform in jq: what bench-spec.json asks of rkmap, record for
# record (same fields, same order, "@type" first, the date parsed and rewritten
# in UTC). Used by bench.py as a module:
#   jq -c -L Tests/Benchmarks 'include "article"; .articles[] | article' articles.json
#   jq -c -L Tests/Benchmarks 'include "article"; article' articles.ndjson
def isodate: if . == null then null else strptime("%Y-%m-%dT%H:%M:%SZ") | mktime | todate end;

def article:
  {
    "@type": "Article",
    id,
    headline: .title,
    text: .body,
    publishedAt: (.publication_date | isodate),
    tags,
    author: (.author | if . == null then null else {"@type": "Author", name, email} end),
    comments: [ .comments[]? | {"@type": "Comment", author: .author_name, text} ]
  };
