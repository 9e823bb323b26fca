// Generated from language/toolspec.schema.json by `npm run generate:spec-validator`. Do not edit.
// The spec schema compiled by Ajv (standalone, createAjv() options): generated JavaScript, not type-checked.

// @ts-nocheck
import func2_module from 'ajv/dist/runtime/ucs2length.js';
import func0_module from 'ajv/dist/runtime/equal.js';

const schema31 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://toolspec.dev/schema/toolspec-1.json","title":"toolspec tool set","description":"One tool set: the server, auth, paging styles and error extraction declared once, and every tool that the set exposes to agents.","type":"object","additionalProperties":false,"required":["toolspec","set","title","description","server","auth","tools"],"properties":{"toolspec":{"title":"Spec language version","description":"Version of the toolspec spec language this file is written in.","const":1,"examples":[1]},"set":{"title":"Set name","description":"Short lowercase name of the tool set; every tool name starts with `<set>_` unless `prefix` says otherwise.","type":"string","pattern":"^[a-z][a-z0-9]*$","examples":["notes","mail"]},"prefix":{"title":"Tool name prefix","description":"Prefix every tool name in this set must carry. Defaults to `<set>_`.","type":"string","pattern":"^[a-z][a-z0-9_]*_$","examples":["notes_"]},"title":{"title":"Set title","description":"Human-readable name of the vendor API this set maps to.","type":"string","minLength":1,"examples":["Notion API"]},"description":{"title":"Set description","description":"What the set does, for the generated docs.","type":"string","minLength":1,"examples":["Pages, blocks, databases, data sources, comments, search and users of a Notion workspace."]},"product":{"title":"Product","description":"The product the set's tools act on, as its users name it, in one line: the vendor's product name and what of it the set covers. The discovery search shows it beside the set's name (its `set` filter) and matches searches against it, so a task that names the product (\"in Outlook\", \"our Snowflake\") finds the set's tools.","type":"string","minLength":1,"examples":["Notion pages, databases and comments","Microsoft Outlook mail, calendar, contacts, To Do"]},"aliases":{"title":"Product aliases","description":"Other names users give the product or its vendor (former names, suites, the kind of product), matched by the discovery search like the product's name.","type":"array","items":{"type":"string","minLength":1},"uniqueItems":true,"examples":[["Office 365","Microsoft 365","Exchange","email"]]},"server":{"$ref":"#/$defs/server"},"headers":{"title":"Default headers","description":"Headers sent on every request of the set. Tools may override them; version inputs may replace them per call.","$ref":"#/$defs/stringMap","examples":[{"Notion-Version":"2025-09-03"}]},"auth":{"$ref":"#/$defs/auth"},"helpers":{"title":"Helper modules","description":"JavaScript modules (paths relative to this spec file) whose helpers this set's templates may call beside the built-in ones: each module exports (default, or as `helpers`) an object of `{name: {description, arity, fn}}`. A helper is a pure function of JSON data (no I/O); its name is a lower-case identifier that no built-in helper or JSON-e builtin has; it is called with at most `arity` arguments, each a copy, and must return JSON. The CLI imports these modules before it loads the specs; a library loads them with `await importSpecHelpers(files)` and passes the result to `loadSpecs(files, {helpers})` and `createToolkit({helpers})`.","type":"array","items":{"type":"string","pattern":"^\\.\\.?/[^\\\\]*\\.(?:mjs|cjs|js|mts|cts|ts)$","description":"A relative path (./ or ../) to a .js, .mjs, .cjs or (run through a TypeScript loader) .ts module."},"uniqueItems":true,"examples":[["./helpers/slug.mjs"]]},"errors":{"$ref":"#/$defs/errors"},"rate_limit":{"$ref":"#/$defs/setRateLimit"},"paging":{"title":"Paging styles","description":"Named paging declarations that tools refer to by name. Each names a style from the engine's registry.","type":"object","propertyNames":{"pattern":"^[a-z][a-z0-9_]*$"},"additionalProperties":{"$ref":"#/$defs/paging"},"examples":[{"cursor_query":{"style":"cursor","in":"query","cursor_param":"start_cursor","size_param":"page_size","items":"/results","next":"/next_cursor","has_more":"/has_more"}}]},"schemas":{"title":"Shared schemas","description":"Named JSON Schemas used by the set's tools through `{$ref: '#/schemas/<name>'}` (in output schemas, input schemas, constraints, anywhere in a tool but its examples). The reference is replaced by the definition, keys beside `$ref` overriding; a definition may itself refer to others. References to `#/$defs/...` inside a schema keep their JSON Schema meaning.","type":"object","additionalProperties":{"type":"object"},"examples":[{"block_output":{"type":"object","required":["object","id"]}}]},"inputs":{"title":"Shared inputs","description":"Named input declarations (schema plus placement keys) that tools use through `{$ref: '#/inputs/<name>'}`, adding or overriding keys beside the reference (`{$ref: '#/inputs/uuid_id', description: The page id.}`).","type":"object","additionalProperties":{"$ref":"#/$defs/input"},"examples":[{"uuid_id":{"required":true,"type":"string","format":"uuid"}}]},"samples":{"title":"Shared sample data","description":"Named sample values (vendor objects several examples show: a page, a record, a message) that a tool's examples use through `{$ref: '#/samples/<name>'}` anywhere in an example's input, request, response or output. The reference is replaced by the sample before anything reads the example, keys beside `$ref` overriding the sample's top-level keys (`{$ref: '#/samples/page', archived: true}`); a sample may itself refer to other samples. Only `#/samples/` references (and `#/tools/<name>/examples/...`, another tool's example) resolve inside examples: any other `$ref` in example data is vendor data and stays as written. Samples are resolved after a family's `{{param}}` substitution, so a sample holds no `{{param}}`.","type":"object","examples":[{"page":{"object":"page","id":"59833787-2cf9-4fdf-8782-e53db20768a5","archived":false}}]},"response":{"title":"Set response mapping","description":"Defaults for every tool's response mapping. `map` is the map of each tool that has no paging and declares none (a set whose API wraps every answer, `{data: ...}`, unwraps it once here); a tool opts out with `map: null`.","type":"object","additionalProperties":false,"properties":{"map":{"title":"Default map","description":"A JSON-e template over `body`, `status` and `headers`, as a tool's `response.map`.","examples":[{"$eval":"body.data"}]}},"examples":[{"map":{"$eval":"body.data"}}]},"defaults":{"$ref":"#/$defs/defaults"},"tools":{"title":"Tools","description":"The tools of this set.","type":"array","items":{"$ref":"#/$defs/tool"},"examples":[[]]},"families":{"title":"Tool families","description":"Tools declared once and instantiated for several objects. Every string in a family's tools may use `{{param}}` placeholders filled from each instance.","type":"array","items":{"$ref":"#/$defs/family"},"examples":[[{"name":"records","instances":[{"object":"people","one":"person"}],"tools":[]}]]}},"$defs":{"stringMap":{"title":"String map","description":"An object whose values are strings.","type":"object","additionalProperties":{"type":"string"},"examples":[{"Accept":"application/json"}]},"pointer":{"title":"JSON pointer","description":"An RFC 6901 JSON pointer into a vendor response (`` for the whole body).","type":"string","pattern":"^(/.*)?$","examples":["/results","/@odata.nextLink"]},"pointerList":{"title":"JSON pointers","description":"One pointer or several tried in order; the first that resolves wins.","oneOf":[{"$ref":"#/$defs/pointer"},{"type":"array","items":{"$ref":"#/$defs/pointer"},"minItems":1}],"examples":[["/error/code","/code"]]},"server":{"title":"Server","description":"The vendor's base URL. `{name}` placeholders are per-connection variables (for example the Snowflake account).","type":"object","additionalProperties":false,"required":["url"],"properties":{"url":{"title":"Base URL","description":"Absolute https URL; `{variable}` placeholders are filled from the connection.","type":"string","pattern":"^https?://","examples":["https://api.notion.com","https://{account}.snowflakecomputing.com"]},"variables":{"title":"Server variables","description":"Per-connection variables used in the base URL.","type":"object","propertyNames":{"pattern":"^[a-z][a-z0-9_]*$"},"additionalProperties":{"title":"Server variable","description":"One per-connection variable.","type":"object","additionalProperties":false,"required":["description"],"properties":{"description":{"title":"Description","description":"What the variable is and where to find it.","type":"string","examples":["Snowflake account identifier, e.g. myorg-myaccount"]},"default":{"title":"Default","description":"Value used when the connection gives none.","type":"string","examples":["myorg-myaccount"]},"pattern":{"title":"Pattern","description":"Regular expression every value must match, so a variable cannot change the host's shape.","type":"string","examples":["^[A-Za-z0-9_-]+(\\.[A-Za-z0-9_-]+)*$"]}},"examples":[{"description":"Snowflake account identifier","pattern":"^[A-Za-z0-9_.-]+$"}]},"examples":[{"account":{"description":"Snowflake account identifier"}}]}},"examples":[{"url":"https://api.attio.com"}]},"auth":{"title":"Auth","description":"How requests are authenticated, a kind from the engine's registry. `oauth2`: a bearer access token refreshed through the token endpoint; `oauth2_client_credentials`: a token obtained with the client's id and secret (RFC 6749 section 4.4); `bearer`: a static token (`TOOLSPEC_<SET>_TOKEN`); `api_key`: one or more keys in named headers or query parameters, with an optional prefix (also custom `Authorization` schemes); `basic`: user name and password (`TOOLSPEC_<SET>_USERNAME`, `_PASSWORD`); `none`: no credentials. Every credential value is a secret: redacted from errors, logs and dry runs.","type":"object","additionalProperties":false,"required":["type"],"properties":{"type":{"title":"Auth type","description":"The auth kind from the engine's registry.","enum":["oauth2","oauth2_client_credentials","bearer","api_key","basic","none"],"examples":["oauth2","api_key","basic"]},"token_url":{"title":"Token URL","description":"OAuth 2.0 token endpoint used to refresh access tokens (`oauth2`) or to obtain them (`oauth2_client_credentials`); a connection may override it; `{variable}` placeholders are filled from the server variables, as in the base URL.","type":"string","pattern":"^https?://","examples":["https://api.notion.com/v1/oauth/token"]},"headers":{"title":"Auth headers","description":"Extra headers sent with every authenticated request.","$ref":"#/$defs/stringMap","examples":[{"X-Snowflake-Authorization-Token-Type":"OAUTH"}]},"refresh_skew_seconds":{"title":"Refresh skew","description":"Obtain a new access token this many seconds before it expires.","type":"integer","minimum":0,"default":60,"examples":[60]},"keys":{"title":"API keys","description":"`api_key`: where each key goes. Each key is read from its credential: the connection's `credentials.<credential>` or `TOOLSPEC_<SET>_<CREDENTIAL>` (upper-cased).","type":"array","minItems":1,"items":{"title":"API key","description":"One key placement.","type":"object","additionalProperties":false,"required":["in","name"],"properties":{"credential":{"title":"Credential","description":"Credential name the key is read from (`api_key` -> `TOOLSPEC_<SET>_API_KEY`).","type":"string","pattern":"^[a-z][a-z0-9_]*$","default":"api_key","examples":["api_key","token"]},"in":{"title":"Key location","description":"Whether the key travels in a request header or a query parameter.","enum":["header","query"],"examples":["header"]},"name":{"title":"Header or parameter name","description":"The header (e.g. `X-Api-Key`, or `Authorization` for a custom scheme) or query parameter that carries the key.","type":"string","minLength":1,"examples":["X-Api-Key","Authorization","api_key"]},"prefix":{"title":"Prefix","description":"Text sent before the key (`Token `, `Bearer `); none by default.","type":"string","default":"","examples":["Token ",""]}},"examples":[{"credential":"api_key","in":"header","name":"X-Api-Key"}]},"examples":[[{"credential":"api_key","in":"header","name":"Authorization"}],[{"credential":"api_key","in":"query","name":"key"},{"credential":"token","in":"query","name":"token"}]]},"username":{"title":"User name credential","description":"`basic`: credential name of the user name (`username` -> `TOOLSPEC_<SET>_USERNAME`).","type":"string","pattern":"^[a-z][a-z0-9_]*$","default":"username","examples":["username","account_sid"]},"password":{"title":"Password credential","description":"`basic`: credential name of the password (`password` -> `TOOLSPEC_<SET>_PASSWORD`).","type":"string","pattern":"^[a-z][a-z0-9_]*$","default":"password","examples":["password","api_token"]},"password_optional":{"title":"Password optional","description":"`basic`: send an empty password when none is configured (an API key used as the user name).","type":"boolean","default":false,"examples":[true]},"scopes":{"title":"Scopes","description":"`oauth2_client_credentials`: scopes requested with the token (sent space-separated as `scope`).","type":"array","items":{"type":"string"},"examples":[["read:issues","write:issues"]]},"client_auth":{"title":"Client authentication","description":"`oauth2_client_credentials`: how the client authenticates at the token endpoint: HTTP Basic (`client_secret_basic`) or id and secret in the form (`client_secret_post`).","enum":["client_secret_basic","client_secret_post"],"default":"client_secret_basic","examples":["client_secret_basic"]}},"examples":[{"type":"oauth2","token_url":"https://api.notion.com/v1/oauth/token"},{"type":"api_key","keys":[{"in":"header","name":"Authorization"}]},{"type":"basic"}],"allOf":[{"if":{"properties":{"type":{"const":"api_key"}}},"then":{"required":["keys"]}},{"if":{"properties":{"type":{"not":{"enum":["api_key"]}}}},"then":{"properties":{"keys":false}}},{"if":{"properties":{"type":{"not":{"enum":["basic"]}}}},"then":{"properties":{"username":false}}},{"if":{"properties":{"type":{"not":{"enum":["basic"]}}}},"then":{"properties":{"password":false}}},{"if":{"properties":{"type":{"not":{"enum":["basic"]}}}},"then":{"properties":{"password_optional":false}}},{"if":{"properties":{"type":{"not":{"enum":["oauth2_client_credentials"]}}}},"then":{"properties":{"scopes":false}}},{"if":{"properties":{"type":{"not":{"enum":["oauth2_client_credentials"]}}}},"then":{"properties":{"client_auth":false}}}]},"errors":{"title":"Error extraction","description":"Where the vendor puts its error code and message in an error response body, and rules that recognise errors the status alone does not (an error answered with 200, a rate limit answered with 403).","type":"object","additionalProperties":false,"properties":{"rate_limited":{"title":"Waiting after a rate-limited answer","description":"How long to wait before sending again when the vendor answers 429 (or an error rule says `rate_limited`) without `Retry-After`. Reset headers are read in order (`epoch_seconds`: the Unix time the limit resets, as the common `x-ratelimit-reset`; `delta_seconds`: seconds from now, as the IETF `RateLimit-Reset`); else `default_seconds`. Without this block `RateLimit-Reset` (delta seconds) and `X-RateLimit-Reset` (epoch seconds when it is a time, else delta seconds) are read, and an answer with neither backs off exponentially. A wait longer than the toolkit's `retry.maxRetryAfterMs` fails the call with `rate_limited` and `retry_after` instead of waiting.","type":"object","additionalProperties":false,"properties":{"default_seconds":{"title":"Default wait","description":"Seconds to wait when the answer names no wait (what the vendor documents, e.g. 30).","type":"number","minimum":0,"examples":[30]},"reset_headers":{"title":"Reset headers","description":"Headers that say when the limit resets, read in order; the first readable one wins.","type":"array","items":{"type":"object","additionalProperties":false,"required":["name","format"],"properties":{"name":{"title":"Header","type":"string","minLength":1,"description":"The header name (any case).","examples":["x-ratelimit-reset"]},"format":{"title":"Format","enum":["epoch_seconds","delta_seconds"],"description":"`epoch_seconds`: the Unix time the limit resets (a value too small to be a time is read as seconds from now); `delta_seconds`: seconds from now.","examples":["epoch_seconds"]}}},"examples":[[{"name":"x-ratelimit-reset","format":"epoch_seconds"}]]}},"examples":[{"default_seconds":30}]},"code":{"title":"Code pointers","description":"Pointers to the vendor's error code.","$ref":"#/$defs/pointerList","examples":["/code"]},"message":{"title":"Message pointers","description":"Pointers to the vendor's error message. In error pointers (code, message, field) a `*` segment is the first member of an object or array: `/errors/*/0` reads the first message of a field-keyed error object (`{\"errors\": {\"title\": [\"can't be blank\"]}}`).","$ref":"#/$defs/pointerList","examples":["/message"]},"details":{"title":"Detail pointers","description":"Further vendor fields copied into the error's details, by name.","type":"object","additionalProperties":{"$ref":"#/$defs/pointer"},"examples":[{"sql_state":"/sqlState"}]},"field":{"title":"Field pointers","description":"Pointers to the input field the vendor blames; copied into the error's `field`.","$ref":"#/$defs/pointerList","examples":["/error/param"]},"rules":{"title":"Error rules","description":"Rules tried in order on every answer (tool rules first, then these); the first whose `when` holds makes the answer an error.","type":"array","items":{"$ref":"#/$defs/errorRule"},"examples":[[{"when":"body.ok == false","vendor_code":"/error","codes":{"channel_not_found":"not_found"}}]]}},"examples":[{"code":"/error/code","message":"/error/message"}]},"paging":{"title":"Paging style","description":"One paging declaration. `cursor`: a vendor cursor in query or body, from a pointer or an expression (the last item's id). `offset`: limit/offset (stop on a last-page flag or a total). `page_number`: numbered pages. `next_link`: the next URL in the body (absolute, or relative to the connection's origin). `link_header`: the next URL in the RFC 8288 `Link` header. A next link is followed only to the tool's own path or a path its `link_paths` declare. `partitions`: numbered result partitions (Snowflake). `single_page`: a list that comes whole in one answer (no paging parameters, never a further page), answered in the same envelope as every paged list. A style never stops early in silence: when the vendor says there is more and no next position can be read, the call fails.","type":"object","required":["style"],"properties":{"style":{"title":"Style","description":"The paging style from the engine's registry.","enum":["cursor","offset","page_number","next_link","link_header","partitions","single_page"],"examples":["cursor"]}},"allOf":[{"if":{"properties":{"style":{"const":"cursor"}}},"then":{"additionalProperties":false,"required":["in","cursor_param","items","next"],"properties":{"style":true,"in":{"title":"Cursor location","description":"Whether the cursor and page size travel in the query or the JSON body.","enum":["query","body"],"examples":["query"]},"cursor_param":{"title":"Cursor parameter","description":"Vendor name of the cursor parameter; in a body, a dot path (`variables.after` in a GraphQL request).","type":"string","examples":["start_cursor"]},"size_param":{"title":"Page size parameter","description":"Vendor name of the page size parameter, if any.","type":"string","examples":["page_size"]},"items":{"title":"Items pointer","description":"Pointer to the page's items.","$ref":"#/$defs/pointer","examples":["/results"]},"next":{"title":"Next cursor","description":"Pointer to the next cursor, or a JSON-e template over `{body, headers, last_item}` (the last item of the page, null when empty) that yields it; the value keeps its JSON type. Empty or null ends the listing.","anyOf":[{"$ref":"#/$defs/pointer"},{"title":"Expression","description":"A JSON-e template (`{$eval: ...}`).","type":"object","examples":[{"$eval":"last_item.id"}]}],"examples":["/next_cursor",{"$eval":"last_item.id"}]},"has_more":{"title":"Has more","description":"Pointer to a boolean, or a JSON-e template over `{body, headers, last_item}`, saying more pages exist. When it says more but no next cursor can be read, the call fails instead of stopping early.","anyOf":[{"$ref":"#/$defs/pointer"},{"title":"Expression","description":"A JSON-e template (`{$eval: ...}`).","type":"object","examples":[{"$eval":"last_item.id"}]}],"examples":["/has_more",{"$eval":"body.pageInfo.hasNextPage"}]}}}},{"if":{"properties":{"style":{"const":"offset"}}},"then":{"additionalProperties":false,"required":["in","offset_param","limit_param","items"],"properties":{"style":true,"in":{"title":"Offset location","description":"Whether limit and offset travel in the query or the JSON body.","enum":["query","body"],"examples":["body"]},"offset_param":{"title":"Offset parameter","description":"Vendor name of the offset parameter.","type":"string","examples":["offset"]},"limit_param":{"title":"Limit parameter","description":"Vendor name of the limit parameter.","type":"string","examples":["limit"]},"items":{"title":"Items pointer","description":"Pointer to the page's items.","$ref":"#/$defs/pointer","examples":["/data"]},"default_limit":{"title":"Default limit","description":"Page size the vendor uses when none is sent; a shorter page ends the listing.","type":"integer","minimum":1,"default":100,"examples":[500]},"last":{"title":"Last-page pointer","description":"Pointer to a boolean that is true on the last page (e.g. `isLast`); when given it decides the end instead of the page size.","$ref":"#/$defs/pointer","examples":["/isLast"]},"total":{"title":"Total pointer","description":"Pointer to the total number of items; the listing ends when the offset reaches it.","$ref":"#/$defs/pointer","examples":["/total"]}}}},{"if":{"properties":{"style":{"const":"next_link"}}},"then":{"additionalProperties":false,"required":["items","next"],"properties":{"style":true,"items":{"title":"Items pointer","description":"Pointer to the page's items.","$ref":"#/$defs/pointer","examples":["/value"]},"next":{"title":"Next link pointer","description":"Pointer to the URL of the next page: absolute, or relative (resolved against the connection's origin, e.g. a `next_page_uri` that starts with `/`); it is followed only on the connection's own host, under its base path, to the tool's own path or one of `link_paths`.","$ref":"#/$defs/pointer","examples":["/@odata.nextLink"]},"link_paths":{"title":"Other next-link paths","description":"Path templates, relative to the server URL like a tool's `path` (each `{name}` stands for one path segment), that a next link may lead to besides the tool's own path: for a vendor whose links name the listing another way (a numeric id where the tool's path has owner and name). A next link, from the vendor or inside a cursor, is followed only on the connection's origin, under its base path, to the tool's own path or one of these; anything else is refused before anything is sent.","type":"array","items":{"type":"string","pattern":"^/[^?#]*$"},"uniqueItems":true,"examples":[["/repositories/{repository_id}/issues"]]}}}},{"if":{"properties":{"style":{"const":"partitions"}}},"then":{"additionalProperties":false,"required":["items","partitions","handle","path","partition_param"],"properties":{"style":true,"items":{"title":"Items pointer","description":"Pointer to the rows of a partition.","$ref":"#/$defs/pointer","examples":["/data"]},"partitions":{"title":"Partitions pointer","description":"Pointer to the array describing every partition.","$ref":"#/$defs/pointer","examples":["/resultSetMetaData/partitionInfo"]},"handle":{"title":"Handle pointer","description":"Pointer to the handle that addresses further partitions.","$ref":"#/$defs/pointer","examples":["/statementHandle"]},"path":{"title":"Partition path","description":"Path template of a partition request; `{handle}` is filled.","type":"string","examples":["/api/v2/statements/{handle}"]},"partition_param":{"title":"Partition parameter","description":"Query parameter holding the partition index.","type":"string","examples":["partition"]},"keep":{"title":"Kept values","description":"Pointers into the first answer whose values the engine keeps in its cursor and puts back into every later partition's answer (which carries only the rows), so the response templates see the same shape on every page (e.g. the column types).","type":"array","items":{"$ref":"#/$defs/pointer"},"uniqueItems":true,"examples":[["/resultSetMetaData/rowType","/resultSetMetaData/nullable"]]}}}},{"if":{"properties":{"style":{"const":"page_number"}}},"then":{"additionalProperties":false,"required":["in","page_param","items"],"properties":{"style":true,"in":{"title":"Page location","description":"Whether the page number and size travel in the query or the JSON body.","enum":["query","body"],"examples":["query"]},"page_param":{"title":"Page parameter","description":"Vendor name of the page-number parameter.","type":"string","examples":["page"]},"size_param":{"title":"Page size parameter","description":"Vendor name of the page-size parameter, if any.","type":"string","examples":["per_page"]},"start_page":{"title":"Start page","description":"Number of the first page.","type":"integer","minimum":0,"default":1,"examples":[1,0]},"items":{"title":"Items pointer","description":"Pointer to the page's items.","$ref":"#/$defs/pointer","examples":["/data"]},"default_size":{"title":"Default size","description":"Page size the vendor uses when none is sent; a shorter (or empty) page ends the listing.","type":"integer","minimum":1,"default":100,"examples":[30]},"total_pages":{"title":"Total pages pointer","description":"Pointer to the number of pages; the listing ends at that page.","$ref":"#/$defs/pointer","examples":["/total_pages"]},"last":{"title":"Last-page pointer","description":"Pointer to a boolean that is true on the last page.","$ref":"#/$defs/pointer","examples":["/isLast"]}}}},{"if":{"properties":{"style":{"const":"link_header"}}},"then":{"additionalProperties":false,"required":["items"],"properties":{"style":true,"items":{"title":"Items pointer","description":"Pointer to the page's items (`` when the body is the array).","$ref":"#/$defs/pointer","examples":["","/items"]},"rel":{"title":"Relation","description":"The `Link` relation followed (RFC 8288).","type":"string","default":"next","examples":["next"]},"link_paths":{"title":"Other next-link paths","description":"Path templates, relative to the server URL like a tool's `path` (each `{name}` stands for one path segment), that a next link may lead to besides the tool's own path: for a vendor whose links name the listing another way (a numeric id where the tool's path has owner and name). A next link, from the vendor or inside a cursor, is followed only on the connection's origin, under its base path, to the tool's own path or one of these; anything else is refused before anything is sent.","type":"array","items":{"type":"string","pattern":"^/[^?#]*$"},"uniqueItems":true,"examples":[["/repositories/{repository_id}/issues"]]}}}},{"if":{"properties":{"style":{"const":"single_page"}}},"then":{"additionalProperties":false,"required":["items"],"properties":{"style":true,"items":{"title":"Items pointer","description":"Pointer to the list's items (`` when the body is the array). The answer is the whole list: the envelope says `has_more: false`, and `next_cursor` is only set when the tool's output budget cut the list short (it resumes the same list after what was delivered).","$ref":"#/$defs/pointer","examples":["","/labels"]}}}}],"examples":[{"style":"next_link","items":"/value","next":"/@odata.nextLink"},{"style":"single_page","items":"/labels"},{"style":"link_header","items":"","link_paths":["/repositories/{repository_id}/issues"]},{"style":"cursor","in":"query","cursor_param":"starting_after","items":"/data","next":{"$eval":"last_item.id"},"has_more":"/has_more"}]},"defaults":{"title":"Set defaults","description":"Defaults applied to every tool of the set unless the tool overrides them.","type":"object","additionalProperties":false,"properties":{"timeout_ms":{"title":"Timeout","description":"Total time budget of one call in milliseconds.","type":"integer","minimum":1,"default":30000,"examples":[30000]},"max_output_bytes":{"title":"Output budget","description":"Largest mapped output in bytes; larger outputs are truncated with a note saying how to get the rest.","type":"integer","minimum":256,"default":100000,"examples":[100000]}},"examples":[{"timeout_ms":30000}]},"input":{"title":"Input","description":"One tool input: a JSON Schema for its value plus where it goes. Keys other than the placement keys (`in`, `as`, `required`, `kind`, `transform`, `explode`, `compute`, `min_version`, `send_default`) are JSON Schema keywords.","type":"object","properties":{"in":{"title":"Location","description":"Where the value goes in the vendor request: path, query, header, body, or none (consumed by templates or the engine). Default: `path` for a path variable; `none` when the tool's body template, a `compute` template or its SQL block reads the input; else `query` for GET/DELETE and `body` otherwise.","enum":["path","query","header","body","none"],"examples":["path"]},"as":{"title":"Vendor name","description":"The vendor's name for the value; for body inputs a dot path (`message.subject`). Defaults to the input name.","type":"string","minLength":1,"examples":["$top","message.subject"]},"required":{"title":"Required","description":"`true` when the caller must supply the input. An array keeps its JSON Schema meaning: the properties an object input must have.","oneOf":[{"type":"boolean"},{"type":"array","items":{"type":"string"},"uniqueItems":true}],"default":false,"examples":[true,["locale"]]},"kind":{"title":"Kind","description":"`public` inputs come from the caller; `computed` inputs are derived by the executor (hidden from the public schema and refused from callers); `version` inputs select a version or header and are never sent as data.","enum":["public","computed","version"],"default":"public","examples":["computed"]},"transform":{"title":"Transform","description":"A vetted value transform from the engine's registry applied before placement.","type":"string","examples":["rich_text","csv_list"]},"path_encoding":{"title":"Path value encoding","description":"For path inputs. `strict` (the default) refuses a value with `/`, `\\`, `?`, `#`, `%` or a scheme, which no id or slug has. `one_segment` takes any text and percent-encodes it as one path segment, for vendors whose names travel in the path (a table named `Sales/2024 (50%)`); dot segments (`.`, `..`) and invisible characters are refused either way.","enum":["strict","one_segment"],"default":"strict","examples":["one_segment"]},"explode":{"title":"Explode","description":"For array query inputs: repeat the key per item (true) or join items with commas (false).","type":"boolean","default":true,"examples":[true]},"compute":{"title":"Compute","description":"For computed inputs: a JSON-e template over the other inputs that yields the value.","examples":[{"type":"database_id","database_id":{"$eval":"database_id"}}]},"min_version":{"title":"Minimum version","description":"For version inputs: the oldest accepted value, compared as text (YYYY-MM-DD sorts correctly).","type":"string","examples":["2025-09-03"]},"send_default":{"title":"Send default","description":"Send the schema's `default` to the vendor when the caller omits the input.","type":"boolean","default":false,"examples":[true]},"description":{"title":"Description","description":"What the input means, written for an agent.","type":"string","examples":["The page's id (UUID)."]},"$ref":{"title":"Shared input","description":"Names a set-level input definition (`#/inputs/<name>`) or schema (`#/schemas/<name>`) that this input starts from; keys written beside `$ref` override the definition's. This is the language's one way to share a declaration (YAML anchors are reported: they are local to one file and invisible to the schema).","type":"string","pattern":"^#/(inputs|schemas)/[^/]+$","examples":["#/inputs/record_id"]}},"examples":[{"in":"path","required":true,"type":"string","format":"uuid","description":"The page's id."}]},"example":{"title":"Example","description":"One worked call: the input, the exact vendor request it must produce, a vendor-shaped response and the mapped output. Examples are tests, docs and the sandbox's answers; `validate` checks the input against the tool, runs the tool's dry run against `request` and checks `output` against the output schema. Only what is particular to the example is written: the request's method is the tool's, its headers include the set's and the tool's, the response status is 200, and `output` has a default (see there).","type":"object","additionalProperties":false,"if":{"required":["$ref"]},"else":{"required":["name","response"]},"properties":{"$ref":{"title":"Same as another tool's example","description":"`#/tools/<name>/examples/<i>`: this example is that example of another tool of the set's `tools:` list (its `#/samples/` references resolved as usual), the keys written beside `$ref` (a `name`, an `input`...) overriding its top-level keys. For tools that take the same call, such as an alias and the tool it names.","type":"string","pattern":"^#/tools/[^/]+/examples/[0-9]+$","examples":["#/tools/crm_patch_record/examples/0"]},"name":{"title":"Example name","description":"Short name of the branch this example covers.","type":"string","examples":["by database"]},"input":{"title":"Input","description":"The tool input; `{}` when left out (a tool without inputs).","type":"object","examples":[{"page_id":"59833787-2cf9-4fdf-8782-e53db20768a5"}]},"request":{"title":"Expected request","description":"The vendor request the input must produce. May be left out when it says nothing beyond the tool's method and a path that follows from the input (see `path`).","type":"object","additionalProperties":false,"required":[],"properties":{"method":{"title":"Method","description":"HTTP method; the tool's method when left out.","enum":["GET","POST","PUT","PATCH","DELETE"],"examples":["GET"]},"path":{"title":"Path","description":"Request path (percent-encoded as sent), without the query. When left out: the tool's path, each variable filled with the example's value of the input placed there; written out when a value is percent-encoded (any character but letters, digits, `-`, `.`, `_`, `~`), transformed or computed.","type":"string","examples":["/v1/pages/59833787-2cf9-4fdf-8782-e53db20768a5"]},"query":{"title":"Query","description":"Query parameters; a repeated key is an array.","type":"object","additionalProperties":{"oneOf":[{"type":"string"},{"type":"array","items":{"type":"string"}}]},"examples":[{"page_size":"10"}]},"headers":{"title":"Headers","description":"Headers that must be present with these values (others are not checked). The set's `headers` and the tool's static `headers` are inherited: list only what differs or what the tool adds (a version input's header, for instance).","$ref":"#/$defs/stringMap","examples":[{"Notion-Version":"2025-09-03"}]},"body":{"title":"Body","description":"The JSON body, or null for none.","examples":[{"query":"roadmap"}]}},"examples":[{"method":"GET","path":"/v1/users"}]},"response":{"title":"Vendor response","description":"A vendor-shaped response to that request.","type":"object","additionalProperties":false,"properties":{"status":{"title":"Status","description":"HTTP status.","type":"integer","minimum":100,"maximum":599,"default":200,"examples":[200]},"headers":{"title":"Headers","description":"Response headers.","$ref":"#/$defs/stringMap","examples":[{"Content-Type":"application/json"}]},"body":{"title":"Body","description":"The JSON body, or null for none.","examples":[{"object":"page"}]}},"examples":[{"status":200,"body":{}}]},"output":{"title":"Output","description":"The mapped output the tool returns. May be left out when the tool's output is the answer as is: for a tool without paging whose response map is absent or a projection (`{$eval: body.data}`, `{$eval: 'omit(body, [\"@odata.context\"])'}`, or an object of such parts, `{items: {$eval: body.data}}`; also when inherited from the set's `response.map`), the example expects the response body as that map returns it; for a paged tool that maps nothing, the last page, `{items: <the items at the paging style's pointer>, next_cursor: null, has_more: false}`. Write it whenever the tool reshapes the answer or the page is not the last.","examples":[{"object":"page"}]}},"examples":[{"name":"basic","input":{},"request":{"method":"GET","path":"/v1/users"},"response":{"status":200,"body":{}},"output":{}}]},"tool":{"title":"Tool","description":"One tool: its inputs, the HTTP request they build, the response mapping, effects, paging and examples.","type":"object","additionalProperties":false,"if":{"required":["$ref"]},"then":{"required":["name"]},"else":{"required":["name","title","description","effects","method","path","examples"]},"properties":{"$ref":{"title":"Alias of","description":"Makes this tool an alias: `#/tools/<name>` names another tool of the set's `tools:` list, whose declaration this tool starts from; the keys written beside `$ref` (at least `name`, usually `title` and `description`) override its top-level keys (its examples come along unless `examples` is written). Inside `examples`, the same reference names one example of another tool (`{$ref: '#/tools/<name>/examples/0'}`).","type":"string","pattern":"^#/tools/[^/]+$","examples":["#/tools/crm_put_record"]},"name":{"title":"Tool name","description":"Unique name, prefixed by the set (`notes_page_get`). At most 64 characters of [a-z0-9_].","type":"string","pattern":"^[a-z][a-z0-9_{}]*$","maxLength":64,"examples":["notes_page_get"]},"title":{"title":"Title","description":"Short human title.","type":"string","minLength":1,"examples":["Get a page"]},"description":{"title":"Description","description":"What the tool does, when to use it, what to call first and its limits — written for an agent.","type":"string","minLength":1,"examples":["Returns one page's properties, parent and metadata."]},"keywords":{"title":"Search keywords","description":"Words users say for this tool's task that its name, title and description do not contain (a vendor's term, a common misnomer, the noun a user thinks of). Not shown to the model; matched by the discovery search like the description. Prefer improving the description when the word belongs there.","type":"array","items":{"type":"string","minLength":1},"uniqueItems":true,"examples":[["out of office","vacation responder","auto-reply"]]},"aliases":{"title":"Search aliases","description":"Other names of the tool's task, as short phrases a user or agent would search with (`mark task done`, `tick off`): matched by the discovery search as strongly as the title. Not shown to the model.","type":"array","items":{"type":"string","minLength":1},"uniqueItems":true,"examples":[["complete a task","tick off a to-do"]]},"effects":{"title":"Effects","description":"What the tool does to vendor data. Drives MCP annotations, retries and read-only mode; the HTTP method does not.","oneOf":[{"enum":["read","create","update","delete"]},{"type":"array","items":{"enum":["read","create","update","delete"]},"minItems":1,"uniqueItems":true}],"examples":["read",["create","update"]]},"idempotent":{"title":"Idempotent","description":"Whether repeating the call has the same effect as making it once. Defaults to true for read and delete, false otherwise.","type":"boolean","examples":[true]},"method":{"title":"HTTP method","description":"The vendor request method.","enum":["GET","POST","PUT","PATCH","DELETE"],"examples":["POST"]},"path":{"title":"Path template","description":"RFC 6570 path template relative to the server URL; every `{variable}` is a required path input.","type":"string","pattern":"^/","examples":["/v1/pages/{page_id}"]},"headers":{"title":"Headers","description":"Headers this tool adds or overrides.","$ref":"#/$defs/stringMap","examples":[{"Notion-Version":"2022-06-28"}]},"query":{"title":"Fixed query","description":"Query parameters always sent.","$ref":"#/$defs/stringMap","examples":[{"$select":"id,name,size,contentType,isInline"}]},"inputs":{"title":"Inputs","description":"The tool's inputs by name.","type":"object","propertyNames":{"pattern":"^[A-Za-z_$][A-Za-z0-9_$]*$"},"additionalProperties":{"$ref":"#/$defs/input"},"examples":[{"page_id":{"in":"path","required":true,"type":"string"}}]},"constraints":{"title":"Constraints","description":"Extra JSON Schema over the whole input (oneOf, dependentRequired, if/then) for rules between inputs.","type":"object","examples":[{"oneOf":[{"required":["database_id"]},{"required":["parent_page_id"]}]}]},"body":{"title":"Body template","description":"A type-preserving JSON-e template over the inputs whose result is deep-merged over the body-placed inputs. Leaves are expressions; absent optional inputs are undefined (test with `defined(\"name\")`).","examples":[{"parent":{"type":"page_id","page_id":{"$eval":"parent_page_id"}}}]},"encoding":{"title":"Body encoding","description":"Body encoding from the engine's registry: `json` (default for POST, PUT, PATCH), `none`, `sql` (compiles the `sql` block into a Snowflake statement with bindings), `form` (application/x-www-form-urlencoded; nested objects and arrays in bracket notation, `metadata[k]=v`, `items[0][price]=p`), `multipart` (multipart/form-data: text fields and the `files` given as base64 inputs), `graphql` (the `graphql` document with the body as its variables), `raw` (the body template's text, sent with the declared Content-Type, default text/plain). A Content-Type declared in the set's or tool's headers is kept with its parameters (`charset=utf-8`).","enum":["json","none","sql","form","multipart","graphql","raw"],"examples":["json","form","graphql"]},"sql":{"$ref":"#/$defs/sqlBlock"},"response":{"title":"Response mapping","description":"How the vendor response becomes the tool's output.","type":"object","additionalProperties":false,"properties":{"format":{"title":"Answer format","description":"What a successful answer's body is. `json` (the default): a JSON value; an answer that is not JSON (a proxy's HTML page, plain text) is an `invalid_response` error, never the tool's output. `text`: the body as text (a rendered Markdown page, a diff, CSV); the tool's output is that string (with `map`, the template's `body`).","enum":["json","text"],"default":"json","examples":["text"]},"map":{"title":"Map","description":"A JSON-e template over `body`, `status` and `headers`; absent means the body as is. For a paged tool, an object it yields is the paging envelope's base: `items`, `next_cursor` and `has_more` are added to it (a poll-pending answer is not paged and is mapped alone). A tool without paging that declares no map takes the set's `response.map`; `map: null` opts it out (the body as is).","examples":[{"$eval":"body.data"}]},"items":{"title":"Page items","description":"For a paged tool: a JSON-e template over `body`, `status` and `headers` yielding the page's items; absent means the items found at the paging style's `items` pointer, as they are.","examples":[{"$eval":"sql_rows(body)"}]},"empty":{"title":"Empty result","description":"Output for a response with no body (202, 204).","examples":[{"ok":true}]},"schema":{"title":"Output schema","description":"JSON Schema of the mapped output. Shared shapes are written once under the set's `schemas:` and named with `{$ref: '#/schemas/<name>'}`.","type":"object","examples":[{"type":"object"}]}},"examples":[{"empty":{"ok":true,"status":"sent"}}]},"paging":{"title":"Paging","description":"Name of a paging style declared at set level.","type":"string","examples":["cursor_query"]},"poll":{"title":"Poll","description":"Submit -> poll -> fetch: while the vendor answers with a pending status, poll the status path with backoff until done, bounded by a timeout, cancelling upstream on abort.","type":"object","additionalProperties":false,"required":["while_status","path","handle"],"properties":{"while_status":{"title":"Pending statuses","description":"Statuses that mean still running.","type":"array","items":{"type":"integer"},"examples":[[202]]},"path":{"title":"Status path","description":"Path template of the status request; `{handle}` is filled.","type":"string","examples":["/api/v2/statements/{handle}"]},"method":{"title":"Status method","description":"Method of the status request.","enum":["GET","POST"],"default":"GET","examples":["GET"]},"handle":{"title":"Handle pointer","description":"Pointer to the handle in the pending response.","$ref":"#/$defs/pointer","examples":["/statementHandle"]},"interval_ms":{"title":"First interval","description":"First wait between polls.","type":"integer","minimum":1,"default":250,"examples":[250]},"max_interval_ms":{"title":"Largest interval","description":"Longest wait between polls.","type":"integer","minimum":1,"default":5000,"examples":[5000]},"multiplier":{"title":"Backoff multiplier","description":"Growth of the wait per poll.","type":"number","minimum":1,"default":2,"examples":[2]},"timeout_input":{"title":"Timeout input","description":"Input holding the total wait in seconds.","type":"string","examples":["timeout"]},"default_timeout_seconds":{"title":"Default timeout","description":"Total wait when the timeout input is absent.","type":"integer","minimum":1,"default":60,"examples":[60]},"skip_when":{"title":"Skip when","description":"Boolean input that, when true, returns the pending answer without polling.","type":"string","examples":["async"]},"cancel":{"title":"Cancel request","description":"Request sent upstream when the wait is aborted or times out.","type":"object","additionalProperties":false,"required":["method","path"],"properties":{"method":{"title":"Method","description":"HTTP method.","enum":["GET","POST","PUT","PATCH","DELETE"],"examples":["POST"]},"path":{"title":"Path","description":"Path template; `{handle}` is filled.","type":"string","examples":["/api/v2/statements/{handle}/cancel"]}},"examples":[{"method":"POST","path":"/api/v2/statements/{handle}/cancel"}]}},"examples":[{"while_status":[202],"path":"/api/v2/statements/{handle}","handle":"/statementHandle"}]},"idempotency":{"title":"Idempotency key","description":"Makes a non-idempotent submission safe to retry: the key input (generated as a UUID when absent) and the flag input set on a resubmission.","type":"object","additionalProperties":false,"required":["key"],"properties":{"key":{"title":"Key input","description":"Input carrying the idempotency key.","type":"string","examples":["request_id"]},"retry_flag":{"title":"Retry flag input","description":"Boolean input set to true when resubmitting.","type":"string","examples":["retry"]}},"examples":[{"key":"request_id","retry_flag":"retry"}]},"handler":{"title":"Escape-hatch handler","description":"Name of a hand-written handler for behaviour the spec language cannot express; the generated stub keeps its body across regeneration.","type":"string","pattern":"^[a-z][A-Za-z0-9]*$","examples":["customExport"]},"timeout_ms":{"title":"Timeout","description":"Total time budget of one call in milliseconds.","type":"integer","minimum":1,"examples":[60000]},"rate_limit":{"$ref":"#/$defs/rateLimit"},"max_output_bytes":{"title":"Output budget","description":"Largest mapped output in bytes.","type":"integer","minimum":256,"examples":[50000]},"schema_version":{"title":"Schema version","description":"Version of this tool's input schema.","type":"string","default":"1","examples":["1"]},"tool_version":{"title":"Tool version","description":"Version of this tool's implementation.","type":"string","default":"1","examples":["1"]},"examples":{"title":"Examples","description":"At least one worked call per branch.","type":"array","minItems":1,"items":{"$ref":"#/$defs/example"},"examples":[[]]},"graphql":{"title":"GraphQL document","description":"`encoding: graphql`: the query or mutation document; body-placed inputs and the body template become its `variables`.","type":"string","minLength":1,"examples":["query Issues($first: Int, $after: String) { issues(first: $first, after: $after) { nodes { id } pageInfo { hasNextPage endCursor } } }"]},"files":{"title":"Multipart files","description":"`encoding: multipart`: body fields whose values are base64 file contents, sent as file parts with this file name and content type.","type":"object","additionalProperties":{"title":"File part","description":"How one file field is sent.","type":"object","additionalProperties":false,"properties":{"filename":{"title":"File name","description":"The file name sent with the part.","type":"string","examples":["report.pdf"]},"content_type":{"title":"Content type","description":"The content type of the part.","type":"string","default":"application/octet-stream","examples":["application/pdf"]}},"examples":[{"filename":"a.txt","content_type":"text/plain"}]},"examples":[{"file":{"filename":"report.pdf","content_type":"application/pdf"}}]},"error_rules":{"title":"Error rules","description":"The tool's own error rules, tried before the set's `errors.rules`.","type":"array","items":{"$ref":"#/$defs/errorRule"},"examples":[[{"when":"status == 404","code":"not_found"}]]}},"examples":[{"name":"notes_user_list","title":"List users","description":"Lists users.","effects":"read","method":"GET","path":"/v1/users","examples":[]}]},"sqlBlock":{"title":"SQL statement","description":"For `encoding: sql`: a structured statement compiled into the Snowflake SQL API body as `statement` (+ `bindings`), merged over the body-placed inputs. Either a SELECT (`select`/`from`/`where`/`order_by`/`limit`) or a SHOW command (`show`).","oneOf":[{"$ref":"#/$defs/sqlSelect"},{"$ref":"#/$defs/sqlShow"}],"examples":[{"select":["SCHEMA_NAME"],"from":"INFORMATION_SCHEMA.SCHEMATA","where":[{"column":"SCHEMA_NAME","op":"ilike","input":"schema_like"}],"limit":"limit"},{"show":[{"text":"WAREHOUSES"},{"text":"LIKE","literal":"like_pattern"}]}]},"sqlSelect":{"title":"SELECT statement","description":"A SELECT over static tables and columns whose filters come from inputs. Every condition whose input is absent is left out; present values are bound as `?` placeholders (`bindings` keyed \"1\", \"2\", ...), never written into the text.","type":"object","additionalProperties":false,"required":["select","from"],"properties":{"select":{"title":"Columns","description":"Static column names selected, in order; they become the keys of the result rows.","type":"array","minItems":1,"items":{"$ref":"#/$defs/sqlName"},"examples":[["TABLE_SCHEMA","TABLE_NAME"]]},"from":{"title":"Table","description":"A table or view: a static dotted name, or `{table, as}` with an alias.","oneOf":[{"$ref":"#/$defs/sqlName"},{"type":"object","additionalProperties":false,"required":["table"],"properties":{"table":{"title":"Table name","description":"Static dotted name of the table or view.","$ref":"#/$defs/sqlName","examples":["INFORMATION_SCHEMA.TABLES"]},"as":{"title":"Alias","description":"Alias used by qualified column names (`rc.CONSTRAINT_NAME`); emitted quoted.","type":"string","pattern":"^[A-Za-z_][A-Za-z0-9_]*$","examples":["rc"]}}}],"examples":["INFORMATION_SCHEMA.COLUMNS",{"table":"INFORMATION_SCHEMA.REFERENTIAL_CONSTRAINTS","as":"rc"}]},"join":{"title":"Joins","description":"Inner joins on equality pairs, ANDed.","type":"array","items":{"title":"Join","description":"One inner join.","type":"object","additionalProperties":false,"required":["table","on"],"properties":{"table":{"title":"Table name","description":"Static dotted name of the joined table or view.","$ref":"#/$defs/sqlName","examples":["INFORMATION_SCHEMA.TABLE_CONSTRAINTS"]},"as":{"title":"Alias","description":"Alias of the joined table; emitted quoted.","type":"string","pattern":"^[A-Za-z_][A-Za-z0-9_]*$","examples":["tc"]},"on":{"title":"On","description":"Pairs of static column names that must be equal.","type":"array","minItems":1,"items":{"type":"array","prefixItems":[{"$ref":"#/$defs/sqlName"},{"$ref":"#/$defs/sqlName"}],"minItems":2,"maxItems":2},"examples":[[["rc.CONSTRAINT_NAME","tc.CONSTRAINT_NAME"]]]},"when":{"title":"Condition","description":"A JSON-e expression over the inputs; the part is emitted only when it is true (absent optional inputs are undefined: test them with `defined(\"name\")`, negated as `!(defined(\"name\"))` since `!` binds before the call).","type":"string","minLength":1,"examples":["object_type == \"schemas\"","!(defined(\"table_name\"))"]}},"examples":[{"table":"INFORMATION_SCHEMA.TABLE_CONSTRAINTS","as":"tc","on":[["rc.CONSTRAINT_NAME","tc.CONSTRAINT_NAME"]]}]},"examples":[[{"table":"INFORMATION_SCHEMA.TABLE_CONSTRAINTS","as":"tc","on":[["rc.CONSTRAINT_NAME","tc.CONSTRAINT_NAME"]]}]]},"where":{"title":"Conditions","description":"Conditions ANDed together; each compares a static column with a bound value.","type":"array","items":{"title":"Condition","description":"`column op ?` with the value of `input` (left out when the input is absent) or a constant `value`, bound.","type":"object","additionalProperties":false,"required":["column","op"],"oneOf":[{"required":["input"]},{"required":["value"]}],"properties":{"column":{"title":"Column","description":"Static column name.","$ref":"#/$defs/sqlName","examples":["TABLE_SCHEMA"]},"op":{"title":"Operator","description":"Comparison operator.","enum":["=","<>","<","<=",">",">=","like","ilike"],"examples":["=","ilike"]},"input":{"title":"Value input","description":"Input whose value is bound.","$ref":"#/$defs/sqlInputRef","examples":["schema"]},"value":{"title":"Constant value","description":"A fixed value, bound like an input value.","type":["string","number","boolean"],"examples":["BASE TABLE"]},"when":{"title":"Condition","description":"A JSON-e expression over the inputs; the part is emitted only when it is true (absent optional inputs are undefined: test them with `defined(\"name\")`, negated as `!(defined(\"name\"))` since `!` binds before the call).","type":"string","minLength":1,"examples":["object_type == \"schemas\"","!(defined(\"table_name\"))"]}},"examples":[{"column":"TABLE_SCHEMA","op":"=","input":"schema"}]},"examples":[[{"column":"TABLE_NAME","op":"ilike","input":"table_name_like"}]]},"order_by":{"title":"Order","description":"Static column names to sort by, ascending.","type":"array","items":{"$ref":"#/$defs/sqlName"},"examples":[["TABLE_SCHEMA","TABLE_NAME"]]},"limit":{"title":"Limit input","description":"Integer input bound as `LIMIT ?`; no LIMIT clause when it is absent.","$ref":"#/$defs/sqlInputRef","examples":["limit"]}},"examples":[{"select":["TABLE_SCHEMA","TABLE_NAME"],"from":"INFORMATION_SCHEMA.TABLES","where":[{"column":"TABLE_SCHEMA","op":"=","input":"schema"}],"order_by":["TABLE_SCHEMA","TABLE_NAME"],"limit":"limit"}]},"sqlShow":{"title":"SHOW command","description":"A SHOW command built from ordered clauses. SHOW cannot take bind variables, so operands are quoted identifiers, escaped literals or validated keywords. A clause with an operand is emitted only when its input is present and its `when` holds.","type":"object","additionalProperties":false,"required":["show"],"properties":{"show":{"title":"Clauses","description":"The clauses after `SHOW`, in order.","type":"array","minItems":1,"items":{"title":"Clause","description":"Keywords and at most one operand.","type":"object","additionalProperties":false,"minProperties":1,"properties":{"text":{"title":"Keywords","description":"Fixed upper-case keywords of the clause (`SCHEMAS`, `IN DATABASE`, `LIKE`), emitted before the operand.","type":"string","pattern":"^[A-Z]+( [A-Z_]+)*$","examples":["IN DATABASE","LIKE"]},"ident":{"title":"Identifier operand","description":"Input emitted as one double-quoted identifier (inner quotes doubled).","$ref":"#/$defs/sqlInputRef","examples":["database_name"]},"qualified":{"title":"Qualified name operand","description":"Inputs emitted as a dotted name of quoted identifiers; absent parts are left out and the clause needs the last one.","type":"array","minItems":1,"items":{"$ref":"#/$defs/sqlInputRef"},"examples":[["database_name","schema_name","table_name"]]},"name":{"title":"Dotted name operand","description":"Input holding a dotted object name typed by the caller (`db.schema.\"My.Table\"`); every part is emitted quoted.","$ref":"#/$defs/sqlInputRef","examples":["object_name"]},"literal":{"title":"String literal operand","description":"Input emitted as a single-quoted string literal with quotes and backslashes escaped (for LIKE patterns, which SHOW cannot bind).","$ref":"#/$defs/sqlInputRef","examples":["like_pattern"]},"keyword":{"title":"Keyword operand","description":"Input holding SQL keywords (letters, `_` and single spaces, e.g. `table` or `materialized view`), emitted upper-cased; anything else is refused as invalid input.","$ref":"#/$defs/sqlInputRef","examples":["object_type"]},"when":{"title":"Condition","description":"A JSON-e expression over the inputs; the part is emitted only when it is true (absent optional inputs are undefined: test them with `defined(\"name\")`, negated as `!(defined(\"name\"))` since `!` binds before the call).","type":"string","minLength":1,"examples":["object_type == \"schemas\"","!(defined(\"table_name\"))"]}},"examples":[{"text":"LIKE","literal":"like_pattern"}]},"examples":[[{"text":"WAREHOUSES"},{"text":"LIKE","literal":"like_pattern"}]]}},"examples":[{"show":[{"text":"SCHEMAS"},{"text":"LIKE","literal":"like_pattern"},{"text":"IN DATABASE","ident":"database_name"}]}]},"sqlName":{"title":"SQL name","description":"A static identifier written in the spec, optionally dotted (`INFORMATION_SCHEMA.COLUMNS`, `rc.CONSTRAINT_NAME`). Each part is emitted double-quoted, so write it in the case the database stores it.","type":"string","pattern":"^[A-Za-z_][A-Za-z0-9_$]*(\\.[A-Za-z_][A-Za-z0-9_$]*)*$","examples":["INFORMATION_SCHEMA.TABLES","TABLE_NAME","tc.TABLE_NAME"]},"sqlInputRef":{"title":"Input reference","description":"Name of one of the tool's inputs whose value the compiler places (bound, quoted or escaped, never pasted).","type":"string","pattern":"^[A-Za-z_$][A-Za-z0-9_$]*$","examples":["schema","like_pattern"]},"family":{"title":"Tool family","description":"Tools declared once with `{{param}}` placeholders and instantiated once per instance.","type":"object","additionalProperties":false,"required":["name","instances","tools"],"properties":{"name":{"title":"Family name","description":"Name of the family, for diagnostics.","type":"string","examples":["records"]},"instances":{"title":"Instances","description":"Parameter values, one object per instantiation.","type":"array","minItems":1,"items":{"type":"object","additionalProperties":{"type":"string"}},"examples":[[{"object":"people","one":"person"}]]},"tools":{"title":"Tool templates","description":"Tools with `{{param}}` placeholders.","type":"array","minItems":1,"items":{"$ref":"#/$defs/tool"},"examples":[[]]}},"examples":[{"name":"records","instances":[{"object":"people","one":"person"}],"tools":[]}]},"errorRule":{"title":"Error rule","description":"A predicate over the answer `{status, headers, body}` (a JSON-e expression) and how to type the error. The code is `codes[<vendor code>]`, else `code`, else the status's. Rules run where refresh and retry are decided: `unauthorized` renews the credential once, `rate_limited` waits for Retry-After or the reset header (capped) and retries.","type":"object","additionalProperties":false,"required":["when"],"properties":{"when":{"title":"Condition","description":"JSON-e expression over `status` (number), `headers` (lower-cased names) and `body` (parsed JSON or text); an expression that fails to evaluate does not match.","type":"string","minLength":1,"examples":["body.ok == false","status == 403 && headers[\"x-ratelimit-remaining\"] == \"0\"","typeof(body) == 'object' && 'errors' in body"]},"code":{"title":"Error code","description":"The toolspec error code when the vendor code is not in `codes`; the status decides when absent.","enum":["invalid_input","unauthorized","forbidden","not_found","conflict","rate_limited","upstream_error","timeout","invalid_response","reauthorize"],"examples":["rate_limited"]},"codes":{"title":"Vendor codes","description":"Vendor error code -> toolspec error code.","type":"object","additionalProperties":{"enum":["invalid_input","unauthorized","forbidden","not_found","conflict","rate_limited","upstream_error","timeout","invalid_response","reauthorize"]},"examples":[{"channel_not_found":"not_found","invalid_auth":"unauthorized"}]},"vendor_code":{"title":"Vendor code pointers","description":"Pointers to the vendor code for this rule (default: the set's `errors.code`).","$ref":"#/$defs/pointerList","examples":["/error","/errors/0/extensions/code"]},"vendor_message":{"title":"Vendor message pointers","description":"Pointers to the vendor message for this rule (default: the set's `errors.message`).","$ref":"#/$defs/pointerList","examples":["/errors/0/message"]},"reset_header":{"title":"Reset header","description":"Response header holding the epoch second when the rate limit resets; the wait until then is honoured like Retry-After (and capped the same way).","type":"string","examples":["x-ratelimit-reset"]}},"examples":[{"when":"body.ok == false","vendor_code":"/error","codes":{"invalid_auth":"unauthorized","ratelimited":"rate_limited"},"code":"upstream_error"}]},"rateLimit":{"title":"Rate limit","description":"The vendor's published request rate for one connection, as a token bucket: `rate` requests per second on average, up to `burst` at once. Enforced per connection across every replica sharing a store (in memory for one process): a call waits for a token within its deadline before sending, otherwise fails with `rate_limited` and `retry_after`. Declared on the set (one bucket shared by all its tools) or on a tool (the tool's own bucket, instead of the set's). It applies to the declared server; a connection whose `baseUrl` replaces the server (a proxy, the sandbox, a test fake) is limited only when the operator sets one. Operators override it per connection with `TOOLSPEC_<SET>_RATE_LIMIT` (`off`, `10/s`, `600/m`, `10/s,burst=20`) or the connection's `rateLimit`.","type":"object","additionalProperties":false,"required":["rate"],"properties":{"rate":{"title":"Rate","description":"Average requests per second allowed (fractions allowed: 0.5 = one every two seconds).","type":"number","exclusiveMinimum":0,"examples":[3,25,100]},"burst":{"title":"Burst","description":"Requests that may be sent at once after a quiet period (the bucket's size). Default: the rate rounded up, at least 1.","type":"integer","minimum":1,"examples":[10]}},"examples":[{"rate":3,"burst":10},{"rate":25}]},"setRateLimit":{"title":"Set rate limit","description":"The vendor's published request rate for one connection, shared by every tool of the set (see `rateLimit`), with an optional stricter budget for writes: tools whose effects are not all `read` take from the `writes` bucket instead (Attio: 100 reads and 25 writes per second).","type":"object","additionalProperties":false,"required":["rate"],"properties":{"rate":{"title":"Rate","description":"Average requests per second allowed (fractions allowed: 0.5 = one every two seconds).","type":"number","exclusiveMinimum":0,"examples":[3,25,100]},"burst":{"title":"Burst","description":"Requests that may be sent at once after a quiet period (the bucket's size). Default: the rate rounded up, at least 1.","type":"integer","minimum":1,"examples":[10]},"writes":{"title":"Writes","description":"The budget of tools that create, update or delete (their own bucket, shared by all of them).","$ref":"#/$defs/rateLimit","examples":[{"rate":25,"burst":25}]}},"examples":[{"rate":3,"burst":10},{"rate":100,"burst":100,"writes":{"rate":25,"burst":25}}]}}};
const schema32 = {"title":"Server","description":"The vendor's base URL. `{name}` placeholders are per-connection variables (for example the Snowflake account).","type":"object","additionalProperties":false,"required":["url"],"properties":{"url":{"title":"Base URL","description":"Absolute https URL; `{variable}` placeholders are filled from the connection.","type":"string","pattern":"^https?://","examples":["https://api.notion.com","https://{account}.snowflakecomputing.com"]},"variables":{"title":"Server variables","description":"Per-connection variables used in the base URL.","type":"object","propertyNames":{"pattern":"^[a-z][a-z0-9_]*$"},"additionalProperties":{"title":"Server variable","description":"One per-connection variable.","type":"object","additionalProperties":false,"required":["description"],"properties":{"description":{"title":"Description","description":"What the variable is and where to find it.","type":"string","examples":["Snowflake account identifier, e.g. myorg-myaccount"]},"default":{"title":"Default","description":"Value used when the connection gives none.","type":"string","examples":["myorg-myaccount"]},"pattern":{"title":"Pattern","description":"Regular expression every value must match, so a variable cannot change the host's shape.","type":"string","examples":["^[A-Za-z0-9_-]+(\\.[A-Za-z0-9_-]+)*$"]}},"examples":[{"description":"Snowflake account identifier","pattern":"^[A-Za-z0-9_.-]+$"}]},"examples":[{"account":{"description":"Snowflake account identifier"}}]}},"examples":[{"url":"https://api.attio.com"}]};
const schema33 = {"title":"String map","description":"An object whose values are strings.","type":"object","additionalProperties":{"type":"string"},"examples":[{"Accept":"application/json"}]};
const schema63 = {"title":"Set defaults","description":"Defaults applied to every tool of the set unless the tool overrides them.","type":"object","additionalProperties":false,"properties":{"timeout_ms":{"title":"Timeout","description":"Total time budget of one call in milliseconds.","type":"integer","minimum":1,"default":30000,"examples":[30000]},"max_output_bytes":{"title":"Output budget","description":"Largest mapped output in bytes; larger outputs are truncated with a note saying how to get the rest.","type":"integer","minimum":256,"default":100000,"examples":[100000]}},"examples":[{"timeout_ms":30000}]};
const func1 = Object.prototype.hasOwnProperty;
const func2 = func2_module.default ?? func2_module;
const pattern4 = new RegExp("^[a-z][a-z0-9]*$", "u");
const pattern5 = new RegExp("^[a-z][a-z0-9_]*_$", "u");
const pattern6 = new RegExp("^https?://", "u");
const pattern7 = new RegExp("^[a-z][a-z0-9_]*$", "u");
const pattern12 = new RegExp("^\\.\\.?/[^\\\\]*\\.(?:mjs|cjs|js|mts|cts|ts)$", "u");
const schema34 = {"title":"Auth","description":"How requests are authenticated, a kind from the engine's registry. `oauth2`: a bearer access token refreshed through the token endpoint; `oauth2_client_credentials`: a token obtained with the client's id and secret (RFC 6749 section 4.4); `bearer`: a static token (`TOOLSPEC_<SET>_TOKEN`); `api_key`: one or more keys in named headers or query parameters, with an optional prefix (also custom `Authorization` schemes); `basic`: user name and password (`TOOLSPEC_<SET>_USERNAME`, `_PASSWORD`); `none`: no credentials. Every credential value is a secret: redacted from errors, logs and dry runs.","type":"object","additionalProperties":false,"required":["type"],"properties":{"type":{"title":"Auth type","description":"The auth kind from the engine's registry.","enum":["oauth2","oauth2_client_credentials","bearer","api_key","basic","none"],"examples":["oauth2","api_key","basic"]},"token_url":{"title":"Token URL","description":"OAuth 2.0 token endpoint used to refresh access tokens (`oauth2`) or to obtain them (`oauth2_client_credentials`); a connection may override it; `{variable}` placeholders are filled from the server variables, as in the base URL.","type":"string","pattern":"^https?://","examples":["https://api.notion.com/v1/oauth/token"]},"headers":{"title":"Auth headers","description":"Extra headers sent with every authenticated request.","$ref":"#/$defs/stringMap","examples":[{"X-Snowflake-Authorization-Token-Type":"OAUTH"}]},"refresh_skew_seconds":{"title":"Refresh skew","description":"Obtain a new access token this many seconds before it expires.","type":"integer","minimum":0,"default":60,"examples":[60]},"keys":{"title":"API keys","description":"`api_key`: where each key goes. Each key is read from its credential: the connection's `credentials.<credential>` or `TOOLSPEC_<SET>_<CREDENTIAL>` (upper-cased).","type":"array","minItems":1,"items":{"title":"API key","description":"One key placement.","type":"object","additionalProperties":false,"required":["in","name"],"properties":{"credential":{"title":"Credential","description":"Credential name the key is read from (`api_key` -> `TOOLSPEC_<SET>_API_KEY`).","type":"string","pattern":"^[a-z][a-z0-9_]*$","default":"api_key","examples":["api_key","token"]},"in":{"title":"Key location","description":"Whether the key travels in a request header or a query parameter.","enum":["header","query"],"examples":["header"]},"name":{"title":"Header or parameter name","description":"The header (e.g. `X-Api-Key`, or `Authorization` for a custom scheme) or query parameter that carries the key.","type":"string","minLength":1,"examples":["X-Api-Key","Authorization","api_key"]},"prefix":{"title":"Prefix","description":"Text sent before the key (`Token `, `Bearer `); none by default.","type":"string","default":"","examples":["Token ",""]}},"examples":[{"credential":"api_key","in":"header","name":"X-Api-Key"}]},"examples":[[{"credential":"api_key","in":"header","name":"Authorization"}],[{"credential":"api_key","in":"query","name":"key"},{"credential":"token","in":"query","name":"token"}]]},"username":{"title":"User name credential","description":"`basic`: credential name of the user name (`username` -> `TOOLSPEC_<SET>_USERNAME`).","type":"string","pattern":"^[a-z][a-z0-9_]*$","default":"username","examples":["username","account_sid"]},"password":{"title":"Password credential","description":"`basic`: credential name of the password (`password` -> `TOOLSPEC_<SET>_PASSWORD`).","type":"string","pattern":"^[a-z][a-z0-9_]*$","default":"password","examples":["password","api_token"]},"password_optional":{"title":"Password optional","description":"`basic`: send an empty password when none is configured (an API key used as the user name).","type":"boolean","default":false,"examples":[true]},"scopes":{"title":"Scopes","description":"`oauth2_client_credentials`: scopes requested with the token (sent space-separated as `scope`).","type":"array","items":{"type":"string"},"examples":[["read:issues","write:issues"]]},"client_auth":{"title":"Client authentication","description":"`oauth2_client_credentials`: how the client authenticates at the token endpoint: HTTP Basic (`client_secret_basic`) or id and secret in the form (`client_secret_post`).","enum":["client_secret_basic","client_secret_post"],"default":"client_secret_basic","examples":["client_secret_basic"]}},"examples":[{"type":"oauth2","token_url":"https://api.notion.com/v1/oauth/token"},{"type":"api_key","keys":[{"in":"header","name":"Authorization"}]},{"type":"basic"}],"allOf":[{"if":{"properties":{"type":{"const":"api_key"}}},"then":{"required":["keys"]}},{"if":{"properties":{"type":{"not":{"enum":["api_key"]}}}},"then":{"properties":{"keys":false}}},{"if":{"properties":{"type":{"not":{"enum":["basic"]}}}},"then":{"properties":{"username":false}}},{"if":{"properties":{"type":{"not":{"enum":["basic"]}}}},"then":{"properties":{"password":false}}},{"if":{"properties":{"type":{"not":{"enum":["basic"]}}}},"then":{"properties":{"password_optional":false}}},{"if":{"properties":{"type":{"not":{"enum":["oauth2_client_credentials"]}}}},"then":{"properties":{"scopes":false}}},{"if":{"properties":{"type":{"not":{"enum":["oauth2_client_credentials"]}}}},"then":{"properties":{"client_auth":false}}}]};

function validate21(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate21.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs2 = errors;
let valid1 = true;
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type !== undefined){
if("api_key" !== data.type){
const err0 = {};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
}
var _valid0 = _errs3 === errors;
errors = _errs2;
if(vErrors !== null){
if(_errs2){
vErrors.length = _errs2;
}
else {
vErrors = null;
}
}
if(_valid0){
const _errs5 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.keys === undefined){
const err1 = {instancePath,schemaPath:"#/allOf/0/then/required",keyword:"required",params:{missingProperty: "keys"},message:"must have required property '"+"keys"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
var _valid0 = _errs5 === errors;
valid1 = _valid0;
}
if(!valid1){
const err2 = {instancePath,schemaPath:"#/allOf/0/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
const _errs7 = errors;
let valid3 = true;
const _errs8 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type !== undefined){
const _errs10 = errors;
const _errs11 = errors;
if(!(data.type === "api_key")){
const err3 = {};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
var valid5 = _errs11 === errors;
if(valid5){
const err4 = {};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
else {
errors = _errs10;
if(vErrors !== null){
if(_errs10){
vErrors.length = _errs10;
}
else {
vErrors = null;
}
}
}
}
}
var _valid1 = _errs8 === errors;
errors = _errs7;
if(vErrors !== null){
if(_errs7){
vErrors.length = _errs7;
}
else {
vErrors = null;
}
}
if(_valid1){
const _errs12 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.keys !== undefined){
const err5 = {instancePath:instancePath+"/keys",schemaPath:"#/allOf/1/then/properties/keys/false schema",keyword:"false schema",params:{},message:"boolean schema is false"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
var _valid1 = _errs12 === errors;
valid3 = _valid1;
if(valid3){
var props0 = {};
props0.keys = true;
props0.type = true;
}
}
if(!valid3){
const err6 = {instancePath,schemaPath:"#/allOf/1/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(props0 !== true){
props0 = props0 || {};
props0.type = true;
}
const _errs14 = errors;
let valid7 = true;
const _errs15 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type !== undefined){
const _errs17 = errors;
const _errs18 = errors;
if(!(data.type === "basic")){
const err7 = {};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
var valid9 = _errs18 === errors;
if(valid9){
const err8 = {};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
else {
errors = _errs17;
if(vErrors !== null){
if(_errs17){
vErrors.length = _errs17;
}
else {
vErrors = null;
}
}
}
}
}
var _valid2 = _errs15 === errors;
errors = _errs14;
if(vErrors !== null){
if(_errs14){
vErrors.length = _errs14;
}
else {
vErrors = null;
}
}
if(_valid2){
const _errs19 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.username !== undefined){
const err9 = {instancePath:instancePath+"/username",schemaPath:"#/allOf/2/then/properties/username/false schema",keyword:"false schema",params:{},message:"boolean schema is false"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
var _valid2 = _errs19 === errors;
valid7 = _valid2;
if(valid7){
var props1 = {};
props1.username = true;
props1.type = true;
}
}
if(!valid7){
const err10 = {instancePath,schemaPath:"#/allOf/2/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(props0 !== true && props1 !== undefined){
if(props1 === true){
props0 = true;
}
else {
props0 = props0 || {};
Object.assign(props0, props1);
}
}
const _errs21 = errors;
let valid11 = true;
const _errs22 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type !== undefined){
const _errs24 = errors;
const _errs25 = errors;
if(!(data.type === "basic")){
const err11 = {};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
var valid13 = _errs25 === errors;
if(valid13){
const err12 = {};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
else {
errors = _errs24;
if(vErrors !== null){
if(_errs24){
vErrors.length = _errs24;
}
else {
vErrors = null;
}
}
}
}
}
var _valid3 = _errs22 === errors;
errors = _errs21;
if(vErrors !== null){
if(_errs21){
vErrors.length = _errs21;
}
else {
vErrors = null;
}
}
if(_valid3){
const _errs26 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.password !== undefined){
const err13 = {instancePath:instancePath+"/password",schemaPath:"#/allOf/3/then/properties/password/false schema",keyword:"false schema",params:{},message:"boolean schema is false"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
var _valid3 = _errs26 === errors;
valid11 = _valid3;
if(valid11){
var props2 = {};
props2.password = true;
props2.type = true;
}
}
if(!valid11){
const err14 = {instancePath,schemaPath:"#/allOf/3/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(props0 !== true && props2 !== undefined){
if(props2 === true){
props0 = true;
}
else {
props0 = props0 || {};
Object.assign(props0, props2);
}
}
const _errs28 = errors;
let valid15 = true;
const _errs29 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type !== undefined){
const _errs31 = errors;
const _errs32 = errors;
if(!(data.type === "basic")){
const err15 = {};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
var valid17 = _errs32 === errors;
if(valid17){
const err16 = {};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
else {
errors = _errs31;
if(vErrors !== null){
if(_errs31){
vErrors.length = _errs31;
}
else {
vErrors = null;
}
}
}
}
}
var _valid4 = _errs29 === errors;
errors = _errs28;
if(vErrors !== null){
if(_errs28){
vErrors.length = _errs28;
}
else {
vErrors = null;
}
}
if(_valid4){
const _errs33 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.password_optional !== undefined){
const err17 = {instancePath:instancePath+"/password_optional",schemaPath:"#/allOf/4/then/properties/password_optional/false schema",keyword:"false schema",params:{},message:"boolean schema is false"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
var _valid4 = _errs33 === errors;
valid15 = _valid4;
if(valid15){
var props3 = {};
props3.password_optional = true;
props3.type = true;
}
}
if(!valid15){
const err18 = {instancePath,schemaPath:"#/allOf/4/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(props0 !== true && props3 !== undefined){
if(props3 === true){
props0 = true;
}
else {
props0 = props0 || {};
Object.assign(props0, props3);
}
}
const _errs35 = errors;
let valid19 = true;
const _errs36 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type !== undefined){
const _errs38 = errors;
const _errs39 = errors;
if(!(data.type === "oauth2_client_credentials")){
const err19 = {};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
var valid21 = _errs39 === errors;
if(valid21){
const err20 = {};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
else {
errors = _errs38;
if(vErrors !== null){
if(_errs38){
vErrors.length = _errs38;
}
else {
vErrors = null;
}
}
}
}
}
var _valid5 = _errs36 === errors;
errors = _errs35;
if(vErrors !== null){
if(_errs35){
vErrors.length = _errs35;
}
else {
vErrors = null;
}
}
if(_valid5){
const _errs40 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.scopes !== undefined){
const err21 = {instancePath:instancePath+"/scopes",schemaPath:"#/allOf/5/then/properties/scopes/false schema",keyword:"false schema",params:{},message:"boolean schema is false"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
var _valid5 = _errs40 === errors;
valid19 = _valid5;
if(valid19){
var props4 = {};
props4.scopes = true;
props4.type = true;
}
}
if(!valid19){
const err22 = {instancePath,schemaPath:"#/allOf/5/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if(props0 !== true && props4 !== undefined){
if(props4 === true){
props0 = true;
}
else {
props0 = props0 || {};
Object.assign(props0, props4);
}
}
const _errs42 = errors;
let valid23 = true;
const _errs43 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type !== undefined){
const _errs45 = errors;
const _errs46 = errors;
if(!(data.type === "oauth2_client_credentials")){
const err23 = {};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
var valid25 = _errs46 === errors;
if(valid25){
const err24 = {};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
else {
errors = _errs45;
if(vErrors !== null){
if(_errs45){
vErrors.length = _errs45;
}
else {
vErrors = null;
}
}
}
}
}
var _valid6 = _errs43 === errors;
errors = _errs42;
if(vErrors !== null){
if(_errs42){
vErrors.length = _errs42;
}
else {
vErrors = null;
}
}
if(_valid6){
const _errs47 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.client_auth !== undefined){
const err25 = {instancePath:instancePath+"/client_auth",schemaPath:"#/allOf/6/then/properties/client_auth/false schema",keyword:"false schema",params:{},message:"boolean schema is false"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
var _valid6 = _errs47 === errors;
valid23 = _valid6;
if(valid23){
var props5 = {};
props5.client_auth = true;
props5.type = true;
}
}
if(!valid23){
const err26 = {instancePath,schemaPath:"#/allOf/6/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if(props0 !== true && props5 !== undefined){
if(props5 === true){
props0 = true;
}
else {
props0 = props0 || {};
Object.assign(props0, props5);
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err27 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
for(const key0 in data){
if(!(func1.call(schema34.properties, key0))){
const err28 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
if(data.type !== undefined){
let data13 = data.type;
if(!((((((data13 === "oauth2") || (data13 === "oauth2_client_credentials")) || (data13 === "bearer")) || (data13 === "api_key")) || (data13 === "basic")) || (data13 === "none"))){
const err29 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/enum",keyword:"enum",params:{allowedValues: schema34.properties.type.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data.token_url !== undefined){
let data14 = data.token_url;
if(typeof data14 === "string"){
if(!pattern6.test(data14)){
const err30 = {instancePath:instancePath+"/token_url",schemaPath:"#/properties/token_url/pattern",keyword:"pattern",params:{pattern: "^https?://"},message:"must match pattern \""+"^https?://"+"\""};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
else {
const err31 = {instancePath:instancePath+"/token_url",schemaPath:"#/properties/token_url/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data.headers !== undefined){
let data15 = data.headers;
if(data15 && typeof data15 == "object" && !Array.isArray(data15)){
for(const key1 in data15){
if(typeof data15[key1] !== "string"){
const err32 = {instancePath:instancePath+"/headers/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/stringMap/additionalProperties/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
}
else {
const err33 = {instancePath:instancePath+"/headers",schemaPath:"#/$defs/stringMap/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data.refresh_skew_seconds !== undefined){
let data17 = data.refresh_skew_seconds;
if(!((typeof data17 == "number") && (!(data17 % 1) && !isNaN(data17)))){
const err34 = {instancePath:instancePath+"/refresh_skew_seconds",schemaPath:"#/properties/refresh_skew_seconds/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
if(typeof data17 == "number"){
if(data17 < 0 || isNaN(data17)){
const err35 = {instancePath:instancePath+"/refresh_skew_seconds",schemaPath:"#/properties/refresh_skew_seconds/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
}
if(data.keys !== undefined){
let data18 = data.keys;
if(Array.isArray(data18)){
if(data18.length < 1){
const err36 = {instancePath:instancePath+"/keys",schemaPath:"#/properties/keys/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
const len0 = data18.length;
for(let i0=0; i0<len0; i0++){
let data19 = data18[i0];
if(data19 && typeof data19 == "object" && !Array.isArray(data19)){
if(data19.in === undefined){
const err37 = {instancePath:instancePath+"/keys/" + i0,schemaPath:"#/properties/keys/items/required",keyword:"required",params:{missingProperty: "in"},message:"must have required property '"+"in"+"'"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
if(data19.name === undefined){
const err38 = {instancePath:instancePath+"/keys/" + i0,schemaPath:"#/properties/keys/items/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
for(const key2 in data19){
if(!((((key2 === "credential") || (key2 === "in")) || (key2 === "name")) || (key2 === "prefix"))){
const err39 = {instancePath:instancePath+"/keys/" + i0,schemaPath:"#/properties/keys/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
if(data19.credential !== undefined){
let data20 = data19.credential;
if(typeof data20 === "string"){
if(!pattern7.test(data20)){
const err40 = {instancePath:instancePath+"/keys/" + i0+"/credential",schemaPath:"#/properties/keys/items/properties/credential/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9_]*$"},message:"must match pattern \""+"^[a-z][a-z0-9_]*$"+"\""};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
else {
const err41 = {instancePath:instancePath+"/keys/" + i0+"/credential",schemaPath:"#/properties/keys/items/properties/credential/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
if(data19.in !== undefined){
let data21 = data19.in;
if(!((data21 === "header") || (data21 === "query"))){
const err42 = {instancePath:instancePath+"/keys/" + i0+"/in",schemaPath:"#/properties/keys/items/properties/in/enum",keyword:"enum",params:{allowedValues: schema34.properties.keys.items.properties.in.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
if(data19.name !== undefined){
let data22 = data19.name;
if(typeof data22 === "string"){
if(func2(data22) < 1){
const err43 = {instancePath:instancePath+"/keys/" + i0+"/name",schemaPath:"#/properties/keys/items/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
else {
const err44 = {instancePath:instancePath+"/keys/" + i0+"/name",schemaPath:"#/properties/keys/items/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
if(data19.prefix !== undefined){
if(typeof data19.prefix !== "string"){
const err45 = {instancePath:instancePath+"/keys/" + i0+"/prefix",schemaPath:"#/properties/keys/items/properties/prefix/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
}
else {
const err46 = {instancePath:instancePath+"/keys/" + i0,schemaPath:"#/properties/keys/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
}
else {
const err47 = {instancePath:instancePath+"/keys",schemaPath:"#/properties/keys/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
if(data.username !== undefined){
let data24 = data.username;
if(typeof data24 === "string"){
if(!pattern7.test(data24)){
const err48 = {instancePath:instancePath+"/username",schemaPath:"#/properties/username/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9_]*$"},message:"must match pattern \""+"^[a-z][a-z0-9_]*$"+"\""};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
else {
const err49 = {instancePath:instancePath+"/username",schemaPath:"#/properties/username/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
if(data.password !== undefined){
let data25 = data.password;
if(typeof data25 === "string"){
if(!pattern7.test(data25)){
const err50 = {instancePath:instancePath+"/password",schemaPath:"#/properties/password/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9_]*$"},message:"must match pattern \""+"^[a-z][a-z0-9_]*$"+"\""};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
else {
const err51 = {instancePath:instancePath+"/password",schemaPath:"#/properties/password/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
if(data.password_optional !== undefined){
if(typeof data.password_optional !== "boolean"){
const err52 = {instancePath:instancePath+"/password_optional",schemaPath:"#/properties/password_optional/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
if(data.scopes !== undefined){
let data27 = data.scopes;
if(Array.isArray(data27)){
const len1 = data27.length;
for(let i1=0; i1<len1; i1++){
if(typeof data27[i1] !== "string"){
const err53 = {instancePath:instancePath+"/scopes/" + i1,schemaPath:"#/properties/scopes/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
}
else {
const err54 = {instancePath:instancePath+"/scopes",schemaPath:"#/properties/scopes/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
if(data.client_auth !== undefined){
let data29 = data.client_auth;
if(!((data29 === "client_secret_basic") || (data29 === "client_secret_post"))){
const err55 = {instancePath:instancePath+"/client_auth",schemaPath:"#/properties/client_auth/enum",keyword:"enum",params:{allowedValues: schema34.properties.client_auth.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
}
else {
const err56 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
validate21.errors = vErrors;
return errors === 0;
}
validate21.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema36 = {"title":"Error extraction","description":"Where the vendor puts its error code and message in an error response body, and rules that recognise errors the status alone does not (an error answered with 200, a rate limit answered with 403).","type":"object","additionalProperties":false,"properties":{"rate_limited":{"title":"Waiting after a rate-limited answer","description":"How long to wait before sending again when the vendor answers 429 (or an error rule says `rate_limited`) without `Retry-After`. Reset headers are read in order (`epoch_seconds`: the Unix time the limit resets, as the common `x-ratelimit-reset`; `delta_seconds`: seconds from now, as the IETF `RateLimit-Reset`); else `default_seconds`. Without this block `RateLimit-Reset` (delta seconds) and `X-RateLimit-Reset` (epoch seconds when it is a time, else delta seconds) are read, and an answer with neither backs off exponentially. A wait longer than the toolkit's `retry.maxRetryAfterMs` fails the call with `rate_limited` and `retry_after` instead of waiting.","type":"object","additionalProperties":false,"properties":{"default_seconds":{"title":"Default wait","description":"Seconds to wait when the answer names no wait (what the vendor documents, e.g. 30).","type":"number","minimum":0,"examples":[30]},"reset_headers":{"title":"Reset headers","description":"Headers that say when the limit resets, read in order; the first readable one wins.","type":"array","items":{"type":"object","additionalProperties":false,"required":["name","format"],"properties":{"name":{"title":"Header","type":"string","minLength":1,"description":"The header name (any case).","examples":["x-ratelimit-reset"]},"format":{"title":"Format","enum":["epoch_seconds","delta_seconds"],"description":"`epoch_seconds`: the Unix time the limit resets (a value too small to be a time is read as seconds from now); `delta_seconds`: seconds from now.","examples":["epoch_seconds"]}}},"examples":[[{"name":"x-ratelimit-reset","format":"epoch_seconds"}]]}},"examples":[{"default_seconds":30}]},"code":{"title":"Code pointers","description":"Pointers to the vendor's error code.","$ref":"#/$defs/pointerList","examples":["/code"]},"message":{"title":"Message pointers","description":"Pointers to the vendor's error message. In error pointers (code, message, field) a `*` segment is the first member of an object or array: `/errors/*/0` reads the first message of a field-keyed error object (`{\"errors\": {\"title\": [\"can't be blank\"]}}`).","$ref":"#/$defs/pointerList","examples":["/message"]},"details":{"title":"Detail pointers","description":"Further vendor fields copied into the error's details, by name.","type":"object","additionalProperties":{"$ref":"#/$defs/pointer"},"examples":[{"sql_state":"/sqlState"}]},"field":{"title":"Field pointers","description":"Pointers to the input field the vendor blames; copied into the error's `field`.","$ref":"#/$defs/pointerList","examples":["/error/param"]},"rules":{"title":"Error rules","description":"Rules tried in order on every answer (tool rules first, then these); the first whose `when` holds makes the answer an error.","type":"array","items":{"$ref":"#/$defs/errorRule"},"examples":[[{"when":"body.ok == false","vendor_code":"/error","codes":{"channel_not_found":"not_found"}}]]}},"examples":[{"code":"/error/code","message":"/error/message"}]};
const schema38 = {"title":"JSON pointer","description":"An RFC 6901 JSON pointer into a vendor response (`` for the whole body).","type":"string","pattern":"^(/.*)?$","examples":["/results","/@odata.nextLink"]};
const schema37 = {"title":"JSON pointers","description":"One pointer or several tried in order; the first that resolves wins.","oneOf":[{"$ref":"#/$defs/pointer"},{"type":"array","items":{"$ref":"#/$defs/pointer"},"minItems":1}],"examples":[["/error/code","/code"]]};
const pattern13 = new RegExp("^(/.*)?$", "u");

function validate24(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate24.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs0 = errors;
let valid0 = false;
let passing0 = null;
const _errs1 = errors;
if(typeof data === "string"){
if(!pattern13.test(data)){
const err0 = {instancePath,schemaPath:"#/$defs/pointer/pattern",keyword:"pattern",params:{pattern: "^(/.*)?$"},message:"must match pattern \""+"^(/.*)?$"+"\""};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
else {
const err1 = {instancePath,schemaPath:"#/$defs/pointer/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
var _valid0 = _errs1 === errors;
if(_valid0){
valid0 = true;
passing0 = 0;
}
const _errs4 = errors;
if(Array.isArray(data)){
if(data.length < 1){
const err2 = {instancePath,schemaPath:"#/oneOf/1/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
const len0 = data.length;
for(let i0=0; i0<len0; i0++){
let data0 = data[i0];
if(typeof data0 === "string"){
if(!pattern13.test(data0)){
const err3 = {instancePath:instancePath+"/" + i0,schemaPath:"#/$defs/pointer/pattern",keyword:"pattern",params:{pattern: "^(/.*)?$"},message:"must match pattern \""+"^(/.*)?$"+"\""};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
else {
const err4 = {instancePath:instancePath+"/" + i0,schemaPath:"#/$defs/pointer/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
}
else {
const err5 = {instancePath,schemaPath:"#/oneOf/1/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
var _valid0 = _errs4 === errors;
if(_valid0 && valid0){
valid0 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid0 = true;
passing0 = 1;
var items0 = true;
}
}
if(!valid0){
const err6 = {instancePath,schemaPath:"#/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
else {
errors = _errs0;
if(vErrors !== null){
if(_errs0){
vErrors.length = _errs0;
}
else {
vErrors = null;
}
}
}
validate24.errors = vErrors;
evaluated0.items = items0;
return errors === 0;
}
validate24.evaluated = {"dynamicProps":false,"dynamicItems":true};

const schema41 = {"title":"Error rule","description":"A predicate over the answer `{status, headers, body}` (a JSON-e expression) and how to type the error. The code is `codes[<vendor code>]`, else `code`, else the status's. Rules run where refresh and retry are decided: `unauthorized` renews the credential once, `rate_limited` waits for Retry-After or the reset header (capped) and retries.","type":"object","additionalProperties":false,"required":["when"],"properties":{"when":{"title":"Condition","description":"JSON-e expression over `status` (number), `headers` (lower-cased names) and `body` (parsed JSON or text); an expression that fails to evaluate does not match.","type":"string","minLength":1,"examples":["body.ok == false","status == 403 && headers[\"x-ratelimit-remaining\"] == \"0\"","typeof(body) == 'object' && 'errors' in body"]},"code":{"title":"Error code","description":"The toolspec error code when the vendor code is not in `codes`; the status decides when absent.","enum":["invalid_input","unauthorized","forbidden","not_found","conflict","rate_limited","upstream_error","timeout","invalid_response","reauthorize"],"examples":["rate_limited"]},"codes":{"title":"Vendor codes","description":"Vendor error code -> toolspec error code.","type":"object","additionalProperties":{"enum":["invalid_input","unauthorized","forbidden","not_found","conflict","rate_limited","upstream_error","timeout","invalid_response","reauthorize"]},"examples":[{"channel_not_found":"not_found","invalid_auth":"unauthorized"}]},"vendor_code":{"title":"Vendor code pointers","description":"Pointers to the vendor code for this rule (default: the set's `errors.code`).","$ref":"#/$defs/pointerList","examples":["/error","/errors/0/extensions/code"]},"vendor_message":{"title":"Vendor message pointers","description":"Pointers to the vendor message for this rule (default: the set's `errors.message`).","$ref":"#/$defs/pointerList","examples":["/errors/0/message"]},"reset_header":{"title":"Reset header","description":"Response header holding the epoch second when the rate limit resets; the wait until then is honoured like Retry-After (and capped the same way).","type":"string","examples":["x-ratelimit-reset"]}},"examples":[{"when":"body.ok == false","vendor_code":"/error","codes":{"invalid_auth":"unauthorized","ratelimited":"rate_limited"},"code":"upstream_error"}]};

function validate28(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate28.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.when === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "when"},message:"must have required property '"+"when"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!((((((key0 === "when") || (key0 === "code")) || (key0 === "codes")) || (key0 === "vendor_code")) || (key0 === "vendor_message")) || (key0 === "reset_header"))){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.when !== undefined){
let data0 = data.when;
if(typeof data0 === "string"){
if(func2(data0) < 1){
const err2 = {instancePath:instancePath+"/when",schemaPath:"#/properties/when/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
else {
const err3 = {instancePath:instancePath+"/when",schemaPath:"#/properties/when/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.code !== undefined){
let data1 = data.code;
if(!((((((((((data1 === "invalid_input") || (data1 === "unauthorized")) || (data1 === "forbidden")) || (data1 === "not_found")) || (data1 === "conflict")) || (data1 === "rate_limited")) || (data1 === "upstream_error")) || (data1 === "timeout")) || (data1 === "invalid_response")) || (data1 === "reauthorize"))){
const err4 = {instancePath:instancePath+"/code",schemaPath:"#/properties/code/enum",keyword:"enum",params:{allowedValues: schema41.properties.code.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.codes !== undefined){
let data2 = data.codes;
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
for(const key1 in data2){
let data3 = data2[key1];
if(!((((((((((data3 === "invalid_input") || (data3 === "unauthorized")) || (data3 === "forbidden")) || (data3 === "not_found")) || (data3 === "conflict")) || (data3 === "rate_limited")) || (data3 === "upstream_error")) || (data3 === "timeout")) || (data3 === "invalid_response")) || (data3 === "reauthorize"))){
const err5 = {instancePath:instancePath+"/codes/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/codes/additionalProperties/enum",keyword:"enum",params:{allowedValues: schema41.properties.codes.additionalProperties.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
else {
const err6 = {instancePath:instancePath+"/codes",schemaPath:"#/properties/codes/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.vendor_code !== undefined){
if(!(validate24(data.vendor_code, {instancePath:instancePath+"/vendor_code",parentData:data,parentDataProperty:"vendor_code",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
errors = vErrors.length;
}
}
if(data.vendor_message !== undefined){
if(!(validate24(data.vendor_message, {instancePath:instancePath+"/vendor_message",parentData:data,parentDataProperty:"vendor_message",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
errors = vErrors.length;
}
}
if(data.reset_header !== undefined){
if(typeof data.reset_header !== "string"){
const err7 = {instancePath:instancePath+"/reset_header",schemaPath:"#/properties/reset_header/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
else {
const err8 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
validate28.errors = vErrors;
return errors === 0;
}
validate28.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate23(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate23.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!((((((key0 === "rate_limited") || (key0 === "code")) || (key0 === "message")) || (key0 === "details")) || (key0 === "field")) || (key0 === "rules"))){
const err0 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.rate_limited !== undefined){
let data0 = data.rate_limited;
if(data0 && typeof data0 == "object" && !Array.isArray(data0)){
for(const key1 in data0){
if(!((key1 === "default_seconds") || (key1 === "reset_headers"))){
const err1 = {instancePath:instancePath+"/rate_limited",schemaPath:"#/properties/rate_limited/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data0.default_seconds !== undefined){
let data1 = data0.default_seconds;
if(typeof data1 == "number"){
if(data1 < 0 || isNaN(data1)){
const err2 = {instancePath:instancePath+"/rate_limited/default_seconds",schemaPath:"#/properties/rate_limited/properties/default_seconds/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
else {
const err3 = {instancePath:instancePath+"/rate_limited/default_seconds",schemaPath:"#/properties/rate_limited/properties/default_seconds/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data0.reset_headers !== undefined){
let data2 = data0.reset_headers;
if(Array.isArray(data2)){
const len0 = data2.length;
for(let i0=0; i0<len0; i0++){
let data3 = data2[i0];
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
if(data3.name === undefined){
const err4 = {instancePath:instancePath+"/rate_limited/reset_headers/" + i0,schemaPath:"#/properties/rate_limited/properties/reset_headers/items/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data3.format === undefined){
const err5 = {instancePath:instancePath+"/rate_limited/reset_headers/" + i0,schemaPath:"#/properties/rate_limited/properties/reset_headers/items/required",keyword:"required",params:{missingProperty: "format"},message:"must have required property '"+"format"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
for(const key2 in data3){
if(!((key2 === "name") || (key2 === "format"))){
const err6 = {instancePath:instancePath+"/rate_limited/reset_headers/" + i0,schemaPath:"#/properties/rate_limited/properties/reset_headers/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data3.name !== undefined){
let data4 = data3.name;
if(typeof data4 === "string"){
if(func2(data4) < 1){
const err7 = {instancePath:instancePath+"/rate_limited/reset_headers/" + i0+"/name",schemaPath:"#/properties/rate_limited/properties/reset_headers/items/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/rate_limited/reset_headers/" + i0+"/name",schemaPath:"#/properties/rate_limited/properties/reset_headers/items/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data3.format !== undefined){
let data5 = data3.format;
if(!((data5 === "epoch_seconds") || (data5 === "delta_seconds"))){
const err9 = {instancePath:instancePath+"/rate_limited/reset_headers/" + i0+"/format",schemaPath:"#/properties/rate_limited/properties/reset_headers/items/properties/format/enum",keyword:"enum",params:{allowedValues: schema36.properties.rate_limited.properties.reset_headers.items.properties.format.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
}
else {
const err10 = {instancePath:instancePath+"/rate_limited/reset_headers/" + i0,schemaPath:"#/properties/rate_limited/properties/reset_headers/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
}
else {
const err11 = {instancePath:instancePath+"/rate_limited/reset_headers",schemaPath:"#/properties/rate_limited/properties/reset_headers/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
}
else {
const err12 = {instancePath:instancePath+"/rate_limited",schemaPath:"#/properties/rate_limited/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.code !== undefined){
if(!(validate24(data.code, {instancePath:instancePath+"/code",parentData:data,parentDataProperty:"code",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
errors = vErrors.length;
}
}
if(data.message !== undefined){
if(!(validate24(data.message, {instancePath:instancePath+"/message",parentData:data,parentDataProperty:"message",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
errors = vErrors.length;
}
}
if(data.details !== undefined){
let data8 = data.details;
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
for(const key3 in data8){
let data9 = data8[key3];
if(typeof data9 === "string"){
if(!pattern13.test(data9)){
const err13 = {instancePath:instancePath+"/details/" + key3.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/pointer/pattern",keyword:"pattern",params:{pattern: "^(/.*)?$"},message:"must match pattern \""+"^(/.*)?$"+"\""};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
else {
const err14 = {instancePath:instancePath+"/details/" + key3.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/pointer/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
}
else {
const err15 = {instancePath:instancePath+"/details",schemaPath:"#/properties/details/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.field !== undefined){
if(!(validate24(data.field, {instancePath:instancePath+"/field",parentData:data,parentDataProperty:"field",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
errors = vErrors.length;
}
}
if(data.rules !== undefined){
let data11 = data.rules;
if(Array.isArray(data11)){
const len1 = data11.length;
for(let i1=0; i1<len1; i1++){
if(!(validate28(data11[i1], {instancePath:instancePath+"/rules/" + i1,parentData:data11,parentDataProperty:i1,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate28.errors : vErrors.concat(validate28.errors);
errors = vErrors.length;
}
}
}
else {
const err16 = {instancePath:instancePath+"/rules",schemaPath:"#/properties/rules/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
}
else {
const err17 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
validate23.errors = vErrors;
return errors === 0;
}
validate23.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema42 = {"title":"Set rate limit","description":"The vendor's published request rate for one connection, shared by every tool of the set (see `rateLimit`), with an optional stricter budget for writes: tools whose effects are not all `read` take from the `writes` bucket instead (Attio: 100 reads and 25 writes per second).","type":"object","additionalProperties":false,"required":["rate"],"properties":{"rate":{"title":"Rate","description":"Average requests per second allowed (fractions allowed: 0.5 = one every two seconds).","type":"number","exclusiveMinimum":0,"examples":[3,25,100]},"burst":{"title":"Burst","description":"Requests that may be sent at once after a quiet period (the bucket's size). Default: the rate rounded up, at least 1.","type":"integer","minimum":1,"examples":[10]},"writes":{"title":"Writes","description":"The budget of tools that create, update or delete (their own bucket, shared by all of them).","$ref":"#/$defs/rateLimit","examples":[{"rate":25,"burst":25}]}},"examples":[{"rate":3,"burst":10},{"rate":100,"burst":100,"writes":{"rate":25,"burst":25}}]};
const schema43 = {"title":"Rate limit","description":"The vendor's published request rate for one connection, as a token bucket: `rate` requests per second on average, up to `burst` at once. Enforced per connection across every replica sharing a store (in memory for one process): a call waits for a token within its deadline before sending, otherwise fails with `rate_limited` and `retry_after`. Declared on the set (one bucket shared by all its tools) or on a tool (the tool's own bucket, instead of the set's). It applies to the declared server; a connection whose `baseUrl` replaces the server (a proxy, the sandbox, a test fake) is limited only when the operator sets one. Operators override it per connection with `TOOLSPEC_<SET>_RATE_LIMIT` (`off`, `10/s`, `600/m`, `10/s,burst=20`) or the connection's `rateLimit`.","type":"object","additionalProperties":false,"required":["rate"],"properties":{"rate":{"title":"Rate","description":"Average requests per second allowed (fractions allowed: 0.5 = one every two seconds).","type":"number","exclusiveMinimum":0,"examples":[3,25,100]},"burst":{"title":"Burst","description":"Requests that may be sent at once after a quiet period (the bucket's size). Default: the rate rounded up, at least 1.","type":"integer","minimum":1,"examples":[10]}},"examples":[{"rate":3,"burst":10},{"rate":25}]};

function validate33(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate33.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.rate === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "rate"},message:"must have required property '"+"rate"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "rate") || (key0 === "burst")) || (key0 === "writes"))){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.rate !== undefined){
let data0 = data.rate;
if(typeof data0 == "number"){
if(data0 <= 0 || isNaN(data0)){
const err2 = {instancePath:instancePath+"/rate",schemaPath:"#/properties/rate/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
else {
const err3 = {instancePath:instancePath+"/rate",schemaPath:"#/properties/rate/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.burst !== undefined){
let data1 = data.burst;
if(!((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1)))){
const err4 = {instancePath:instancePath+"/burst",schemaPath:"#/properties/burst/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(typeof data1 == "number"){
if(data1 < 1 || isNaN(data1)){
const err5 = {instancePath:instancePath+"/burst",schemaPath:"#/properties/burst/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
if(data.writes !== undefined){
let data2 = data.writes;
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
if(data2.rate === undefined){
const err6 = {instancePath:instancePath+"/writes",schemaPath:"#/$defs/rateLimit/required",keyword:"required",params:{missingProperty: "rate"},message:"must have required property '"+"rate"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
for(const key1 in data2){
if(!((key1 === "rate") || (key1 === "burst"))){
const err7 = {instancePath:instancePath+"/writes",schemaPath:"#/$defs/rateLimit/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data2.rate !== undefined){
let data3 = data2.rate;
if(typeof data3 == "number"){
if(data3 <= 0 || isNaN(data3)){
const err8 = {instancePath:instancePath+"/writes/rate",schemaPath:"#/$defs/rateLimit/properties/rate/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
else {
const err9 = {instancePath:instancePath+"/writes/rate",schemaPath:"#/$defs/rateLimit/properties/rate/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data2.burst !== undefined){
let data4 = data2.burst;
if(!((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4)))){
const err10 = {instancePath:instancePath+"/writes/burst",schemaPath:"#/$defs/rateLimit/properties/burst/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(typeof data4 == "number"){
if(data4 < 1 || isNaN(data4)){
const err11 = {instancePath:instancePath+"/writes/burst",schemaPath:"#/$defs/rateLimit/properties/burst/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
}
}
else {
const err12 = {instancePath:instancePath+"/writes",schemaPath:"#/$defs/rateLimit/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
}
else {
const err13 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
validate33.errors = vErrors;
return errors === 0;
}
validate33.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema44 = {"title":"Paging style","description":"One paging declaration. `cursor`: a vendor cursor in query or body, from a pointer or an expression (the last item's id). `offset`: limit/offset (stop on a last-page flag or a total). `page_number`: numbered pages. `next_link`: the next URL in the body (absolute, or relative to the connection's origin). `link_header`: the next URL in the RFC 8288 `Link` header. A next link is followed only to the tool's own path or a path its `link_paths` declare. `partitions`: numbered result partitions (Snowflake). `single_page`: a list that comes whole in one answer (no paging parameters, never a further page), answered in the same envelope as every paged list. A style never stops early in silence: when the vendor says there is more and no next position can be read, the call fails.","type":"object","required":["style"],"properties":{"style":{"title":"Style","description":"The paging style from the engine's registry.","enum":["cursor","offset","page_number","next_link","link_header","partitions","single_page"],"examples":["cursor"]}},"allOf":[{"if":{"properties":{"style":{"const":"cursor"}}},"then":{"additionalProperties":false,"required":["in","cursor_param","items","next"],"properties":{"style":true,"in":{"title":"Cursor location","description":"Whether the cursor and page size travel in the query or the JSON body.","enum":["query","body"],"examples":["query"]},"cursor_param":{"title":"Cursor parameter","description":"Vendor name of the cursor parameter; in a body, a dot path (`variables.after` in a GraphQL request).","type":"string","examples":["start_cursor"]},"size_param":{"title":"Page size parameter","description":"Vendor name of the page size parameter, if any.","type":"string","examples":["page_size"]},"items":{"title":"Items pointer","description":"Pointer to the page's items.","$ref":"#/$defs/pointer","examples":["/results"]},"next":{"title":"Next cursor","description":"Pointer to the next cursor, or a JSON-e template over `{body, headers, last_item}` (the last item of the page, null when empty) that yields it; the value keeps its JSON type. Empty or null ends the listing.","anyOf":[{"$ref":"#/$defs/pointer"},{"title":"Expression","description":"A JSON-e template (`{$eval: ...}`).","type":"object","examples":[{"$eval":"last_item.id"}]}],"examples":["/next_cursor",{"$eval":"last_item.id"}]},"has_more":{"title":"Has more","description":"Pointer to a boolean, or a JSON-e template over `{body, headers, last_item}`, saying more pages exist. When it says more but no next cursor can be read, the call fails instead of stopping early.","anyOf":[{"$ref":"#/$defs/pointer"},{"title":"Expression","description":"A JSON-e template (`{$eval: ...}`).","type":"object","examples":[{"$eval":"last_item.id"}]}],"examples":["/has_more",{"$eval":"body.pageInfo.hasNextPage"}]}}}},{"if":{"properties":{"style":{"const":"offset"}}},"then":{"additionalProperties":false,"required":["in","offset_param","limit_param","items"],"properties":{"style":true,"in":{"title":"Offset location","description":"Whether limit and offset travel in the query or the JSON body.","enum":["query","body"],"examples":["body"]},"offset_param":{"title":"Offset parameter","description":"Vendor name of the offset parameter.","type":"string","examples":["offset"]},"limit_param":{"title":"Limit parameter","description":"Vendor name of the limit parameter.","type":"string","examples":["limit"]},"items":{"title":"Items pointer","description":"Pointer to the page's items.","$ref":"#/$defs/pointer","examples":["/data"]},"default_limit":{"title":"Default limit","description":"Page size the vendor uses when none is sent; a shorter page ends the listing.","type":"integer","minimum":1,"default":100,"examples":[500]},"last":{"title":"Last-page pointer","description":"Pointer to a boolean that is true on the last page (e.g. `isLast`); when given it decides the end instead of the page size.","$ref":"#/$defs/pointer","examples":["/isLast"]},"total":{"title":"Total pointer","description":"Pointer to the total number of items; the listing ends when the offset reaches it.","$ref":"#/$defs/pointer","examples":["/total"]}}}},{"if":{"properties":{"style":{"const":"next_link"}}},"then":{"additionalProperties":false,"required":["items","next"],"properties":{"style":true,"items":{"title":"Items pointer","description":"Pointer to the page's items.","$ref":"#/$defs/pointer","examples":["/value"]},"next":{"title":"Next link pointer","description":"Pointer to the URL of the next page: absolute, or relative (resolved against the connection's origin, e.g. a `next_page_uri` that starts with `/`); it is followed only on the connection's own host, under its base path, to the tool's own path or one of `link_paths`.","$ref":"#/$defs/pointer","examples":["/@odata.nextLink"]},"link_paths":{"title":"Other next-link paths","description":"Path templates, relative to the server URL like a tool's `path` (each `{name}` stands for one path segment), that a next link may lead to besides the tool's own path: for a vendor whose links name the listing another way (a numeric id where the tool's path has owner and name). A next link, from the vendor or inside a cursor, is followed only on the connection's origin, under its base path, to the tool's own path or one of these; anything else is refused before anything is sent.","type":"array","items":{"type":"string","pattern":"^/[^?#]*$"},"uniqueItems":true,"examples":[["/repositories/{repository_id}/issues"]]}}}},{"if":{"properties":{"style":{"const":"partitions"}}},"then":{"additionalProperties":false,"required":["items","partitions","handle","path","partition_param"],"properties":{"style":true,"items":{"title":"Items pointer","description":"Pointer to the rows of a partition.","$ref":"#/$defs/pointer","examples":["/data"]},"partitions":{"title":"Partitions pointer","description":"Pointer to the array describing every partition.","$ref":"#/$defs/pointer","examples":["/resultSetMetaData/partitionInfo"]},"handle":{"title":"Handle pointer","description":"Pointer to the handle that addresses further partitions.","$ref":"#/$defs/pointer","examples":["/statementHandle"]},"path":{"title":"Partition path","description":"Path template of a partition request; `{handle}` is filled.","type":"string","examples":["/api/v2/statements/{handle}"]},"partition_param":{"title":"Partition parameter","description":"Query parameter holding the partition index.","type":"string","examples":["partition"]},"keep":{"title":"Kept values","description":"Pointers into the first answer whose values the engine keeps in its cursor and puts back into every later partition's answer (which carries only the rows), so the response templates see the same shape on every page (e.g. the column types).","type":"array","items":{"$ref":"#/$defs/pointer"},"uniqueItems":true,"examples":[["/resultSetMetaData/rowType","/resultSetMetaData/nullable"]]}}}},{"if":{"properties":{"style":{"const":"page_number"}}},"then":{"additionalProperties":false,"required":["in","page_param","items"],"properties":{"style":true,"in":{"title":"Page location","description":"Whether the page number and size travel in the query or the JSON body.","enum":["query","body"],"examples":["query"]},"page_param":{"title":"Page parameter","description":"Vendor name of the page-number parameter.","type":"string","examples":["page"]},"size_param":{"title":"Page size parameter","description":"Vendor name of the page-size parameter, if any.","type":"string","examples":["per_page"]},"start_page":{"title":"Start page","description":"Number of the first page.","type":"integer","minimum":0,"default":1,"examples":[1,0]},"items":{"title":"Items pointer","description":"Pointer to the page's items.","$ref":"#/$defs/pointer","examples":["/data"]},"default_size":{"title":"Default size","description":"Page size the vendor uses when none is sent; a shorter (or empty) page ends the listing.","type":"integer","minimum":1,"default":100,"examples":[30]},"total_pages":{"title":"Total pages pointer","description":"Pointer to the number of pages; the listing ends at that page.","$ref":"#/$defs/pointer","examples":["/total_pages"]},"last":{"title":"Last-page pointer","description":"Pointer to a boolean that is true on the last page.","$ref":"#/$defs/pointer","examples":["/isLast"]}}}},{"if":{"properties":{"style":{"const":"link_header"}}},"then":{"additionalProperties":false,"required":["items"],"properties":{"style":true,"items":{"title":"Items pointer","description":"Pointer to the page's items (`` when the body is the array).","$ref":"#/$defs/pointer","examples":["","/items"]},"rel":{"title":"Relation","description":"The `Link` relation followed (RFC 8288).","type":"string","default":"next","examples":["next"]},"link_paths":{"title":"Other next-link paths","description":"Path templates, relative to the server URL like a tool's `path` (each `{name}` stands for one path segment), that a next link may lead to besides the tool's own path: for a vendor whose links name the listing another way (a numeric id where the tool's path has owner and name). A next link, from the vendor or inside a cursor, is followed only on the connection's origin, under its base path, to the tool's own path or one of these; anything else is refused before anything is sent.","type":"array","items":{"type":"string","pattern":"^/[^?#]*$"},"uniqueItems":true,"examples":[["/repositories/{repository_id}/issues"]]}}}},{"if":{"properties":{"style":{"const":"single_page"}}},"then":{"additionalProperties":false,"required":["items"],"properties":{"style":true,"items":{"title":"Items pointer","description":"Pointer to the list's items (`` when the body is the array). The answer is the whole list: the envelope says `has_more: false`, and `next_cursor` is only set when the tool's output budget cut the list short (it resumes the same list after what was delivered).","$ref":"#/$defs/pointer","examples":["","/labels"]}}}}],"examples":[{"style":"next_link","items":"/value","next":"/@odata.nextLink"},{"style":"single_page","items":"/labels"},{"style":"link_header","items":"","link_paths":["/repositories/{repository_id}/issues"]},{"style":"cursor","in":"query","cursor_param":"starting_after","items":"/data","next":{"$eval":"last_item.id"},"has_more":"/has_more"}]};
const pattern25 = new RegExp("^/[^?#]*$", "u");
const func0 = func0_module.default ?? func0_module;

function validate35(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate35.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs2 = errors;
let valid1 = true;
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.style !== undefined){
if("cursor" !== data.style){
const err0 = {};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
}
var _valid0 = _errs3 === errors;
errors = _errs2;
if(vErrors !== null){
if(_errs2){
vErrors.length = _errs2;
}
else {
vErrors = null;
}
}
if(_valid0){
const _errs5 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.in === undefined){
const err1 = {instancePath,schemaPath:"#/allOf/0/then/required",keyword:"required",params:{missingProperty: "in"},message:"must have required property '"+"in"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.cursor_param === undefined){
const err2 = {instancePath,schemaPath:"#/allOf/0/then/required",keyword:"required",params:{missingProperty: "cursor_param"},message:"must have required property '"+"cursor_param"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.items === undefined){
const err3 = {instancePath,schemaPath:"#/allOf/0/then/required",keyword:"required",params:{missingProperty: "items"},message:"must have required property '"+"items"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.next === undefined){
const err4 = {instancePath,schemaPath:"#/allOf/0/then/required",keyword:"required",params:{missingProperty: "next"},message:"must have required property '"+"next"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
for(const key0 in data){
if(!(((((((key0 === "style") || (key0 === "in")) || (key0 === "cursor_param")) || (key0 === "size_param")) || (key0 === "items")) || (key0 === "next")) || (key0 === "has_more"))){
const err5 = {instancePath,schemaPath:"#/allOf/0/then/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.in !== undefined){
let data1 = data.in;
if(!((data1 === "query") || (data1 === "body"))){
const err6 = {instancePath:instancePath+"/in",schemaPath:"#/allOf/0/then/properties/in/enum",keyword:"enum",params:{allowedValues: schema44.allOf[0].then.properties.in.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.cursor_param !== undefined){
if(typeof data.cursor_param !== "string"){
const err7 = {instancePath:instancePath+"/cursor_param",schemaPath:"#/allOf/0/then/properties/cursor_param/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.size_param !== undefined){
if(typeof data.size_param !== "string"){
const err8 = {instancePath:instancePath+"/size_param",schemaPath:"#/allOf/0/then/properties/size_param/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.items !== undefined){
let data4 = data.items;
if(typeof data4 === "string"){
if(!pattern13.test(data4)){
const err9 = {instancePath:instancePath+"/items",schemaPath:"#/$defs/pointer/pattern",keyword:"pattern",params:{pattern: "^(/.*)?$"},message:"must match pattern \""+"^(/.*)?$"+"\""};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/items",schemaPath:"#/$defs/pointer/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.next !== undefined){
let data5 = data.next;
const _errs16 = errors;
let valid5 = false;
const _errs17 = errors;
if(typeof data5 === "string"){
if(!pattern13.test(data5)){
const err11 = {instancePath:instancePath+"/next",schemaPath:"#/$defs/pointer/pattern",keyword:"pattern",params:{pattern: "^(/.*)?$"},message:"must match pattern \""+"^(/.*)?$"+"\""};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
else {
const err12 = {instancePath:instancePath+"/next",schemaPath:"#/$defs/pointer/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
var _valid1 = _errs17 === errors;
valid5 = valid5 || _valid1;
const _errs20 = errors;
if(!(data5 && typeof data5 == "object" && !Array.isArray(data5))){
const err13 = {instancePath:instancePath+"/next",schemaPath:"#/allOf/0/then/properties/next/anyOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
var _valid1 = _errs20 === errors;
valid5 = valid5 || _valid1;
if(!valid5){
const err14 = {instancePath:instancePath+"/next",schemaPath:"#/allOf/0/then/properties/next/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
else {
errors = _errs16;
if(vErrors !== null){
if(_errs16){
vErrors.length = _errs16;
}
else {
vErrors = null;
}
}
}
}
if(data.has_more !== undefined){
let data6 = data.has_more;
const _errs23 = errors;
let valid7 = false;
const _errs24 = errors;
if(typeof data6 === "string"){
if(!pattern13.test(data6)){
const err15 = {instancePath:instancePath+"/has_more",schemaPath:"#/$defs/pointer/pattern",keyword:"pattern",params:{pattern: "^(/.*)?$"},message:"must match pattern \""+"^(/.*)?$"+"\""};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
else {
const err16 = {instancePath:instancePath+"/has_more",schemaPath:"#/$defs/pointer/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
var _valid2 = _errs24 === errors;
valid7 = valid7 || _valid2;
const _errs27 = errors;
if(!(data6 && typeof data6 == "object" && !Array.isArray(data6))){
const err17 = {instancePath:instancePath+"/has_more",schemaPath:"#/allOf/0/then/properties/has_more/anyOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
var _valid2 = _errs27 === errors;
valid7 = valid7 || _valid2;
if(!valid7){
const err18 = {instancePath:instancePath+"/has_more",schemaPath:"#/allOf/0/then/properties/has_more/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
else {
errors = _errs23;
if(vErrors !== null){
if(_errs23){
vErrors.length = _errs23;
}
else {
vErrors = null;
}
}
}
}
}
var _valid0 = _errs5 === errors;
valid1 = _valid0;
if(valid1){
var props0 = true;
}
}
if(!valid1){
const err19 = {instancePath,schemaPath:"#/allOf/0/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
const _errs30 = errors;
let valid9 = true;
const _errs31 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.style !== undefined){
if("offset" !== data.style){
const err20 = {};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
}
var _valid3 = _errs31 === errors;
errors = _errs30;
if(vErrors !== null){
if(_errs30){
vErrors.length = _errs30;
}
else {
vErrors = null;
}
}
if(_valid3){
const _errs33 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.in === undefined){
const err21 = {instancePath,schemaPath:"#/allOf/1/then/required",keyword:"required",params:{missingProperty: "in"},message:"must have required property '"+"in"+"'"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(data.offset_param === undefined){
const err22 = {instancePath,schemaPath:"#/allOf/1/then/required",keyword:"required",params:{missingProperty: "offset_param"},message:"must have required property '"+"offset_param"+"'"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if(data.limit_param === undefined){
const err23 = {instancePath,schemaPath:"#/allOf/1/then/required",keyword:"required",params:{missingProperty: "limit_param"},message:"must have required property '"+"limit_param"+"'"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(data.items === undefined){
const err24 = {instancePath,schemaPath:"#/allOf/1/then/required",keyword:"required",params:{missingProperty: "items"},message:"must have required property '"+"items"+"'"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
for(const key1 in data){
if(!((((((((key1 === "style") || (key1 === "in")) || (key1 === "offset_param")) || (key1 === "limit_param")) || (key1 === "items")) || (key1 === "default_limit")) || (key1 === "last")) || (key1 === "total"))){
const err25 = {instancePath,schemaPath:"#/allOf/1/then/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data.in !== undefined){
let data8 = data.in;
if(!((data8 === "query") || (data8 === "body"))){
const err26 = {instancePath:instancePath+"/in",schemaPath:"#/allOf/1/then/properties/in/enum",keyword:"enum",params:{allowedValues: schema44.allOf[1].then.properties.in.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data.offset_param !== undefined){
if(typeof data.offset_param !== "string"){
const err27 = {instancePath:instancePath+"/offset_param",schemaPath:"#/allOf/1/then/properties/offset_param/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data.limit_param !== undefined){
if(typeof data.limit_param !== "string"){
const err28 = {instancePath:instancePath+"/limit_param",schemaPath:"#/allOf/1/then/properties/limit_param/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
if(data.items !== undefined){
let data11 = data.items;
if(typeof data11 === "string"){
if(!pattern13.test(data11)){
const err29 = {instancePath:instancePath+"/items",schemaPath:"#/$defs/pointer/pattern",keyword:"pattern",params:{pattern: "^(/.*)?$"},message:"must match pattern \""+"^(/.*)?$"+"\""};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
else {
const err30 = {instancePath:instancePath+"/items",schemaPath:"#/$defs/pointer/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data.default_limit !== undefined){
let data12 = data.default_limit;
if(!((typeof data12 == "number") && (!(data12 % 1) && !isNaN(data12)))){
const err31 = {instancePath:instancePath+"/default_limit",schemaPath:"#/allOf/1/then/properties/default_limit/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
if(typeof data12 == "number"){
if(data12 < 1 || isNaN(data12)){
const err32 = {instancePath:instancePath+"/default_limit",schemaPath:"#/allOf/1/then/properties/default_limit/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
}
if(data.last !== undefined){
let data13 = data.last;
if(typeof data13 === "string"){
if(!pattern13.test(data13)){
const err33 = {instancePath:instancePath+"/last",schemaPath:"#/$defs/pointer/pattern",keyword:"pattern",params:{pattern: "^(/.*)?$"},message:"must match pattern \""+"^(/.*)?$"+"\""};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
else {
const err34 = {instancePath:instancePath+"/last",schemaPath:"#/$defs/pointer/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
if(data.total !== undefined){
let data14 = data.total;
if(typeof data14 === "string"){
if(!pattern13.test(data14)){
const err35 = {instancePath:instancePath+"/total",schemaPath:"#/$defs/pointer/pattern",keyword:"pattern",params:{pattern: "^(/.*)?$"},message:"must match pattern \""+"^(/.*)?$"+"\""};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
else {
const err36 = {instancePath:instancePath+"/total",schemaPath:"#/$defs/pointer/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
}
var _valid3 = _errs33 === errors;
valid9 = _valid3;
if(valid9){
var props1 = true;
}
}
if(!valid9){
const err37 = {instancePath,schemaPath:"#/allOf/1/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
if(props0 !== true && props1 !== undefined){
if(props1 === true){
props0 = true;
}
else {
props0 = props0 || {};
Object.assign(props0, props1);
}
}
const _errs52 = errors;
let valid15 = true;
const _errs53 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.style !== undefined){
if("next_link" !== data.style){
const err38 = {};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
}
var _valid4 = _errs53 === errors;
errors = _errs52;
if(vErrors !== null){
if(_errs52){
vErrors.length = _errs52;
}
else {
vErrors = null;
}
}
if(_valid4){
const _errs55 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.items === undefined){
const err39 = {instancePath,schemaPath:"#/allOf/2/then/required",keyword:"required",params:{missingProperty: "items"},message:"must have required property '"+"items"+"'"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
if(data.next === undefined){
const err40 = {instancePath,schemaPath:"#/allOf/2/then/required",keyword:"required",params:{missingProperty: "next"},message:"must have required property '"+"next"+"'"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
for(const key2 in data){
if(!((((key2 === "style") || (key2 === "items")) || (key2 === "next")) || (key2 === "link_paths"))){
const err41 = {instancePath,schemaPath:"#/allOf/2/then/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
if(data.items !== undefined){
let data16 = data.items;
if(typeof data16 === "string"){
if(!pattern13.test(data16)){
const err42 = {instancePath:instancePath+"/items",schemaPath:"#/$defs/pointer/pattern",keyword:"pattern",params:{pattern: "^(/.*)?$"},message:"must match pattern \""+"^(/.*)?$"+"\""};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
else {
const err43 = {instancePath:instancePath+"/items",schemaPath:"#/$defs/pointer/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
if(data.next !== undefined){
let data17 = data.next;
if(typeof data17 === "string"){
if(!pattern13.test(data17)){
const err44 = {instancePath:instancePath+"/next",schemaPath:"#/$defs/pointer/pattern",keyword:"pattern",params:{pattern: "^(/.*)?$"},message:"must match pattern \""+"^(/.*)?$"+"\""};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
else {
const err45 = {instancePath:instancePath+"/next",schemaPath:"#/$defs/pointer/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
if(data.link_paths !== undefined){
let data18 = data.link_paths;
if(Array.isArray(data18)){
const len0 = data18.length;
for(let i0=0; i0<len0; i0++){
let data19 = data18[i0];
if(typeof data19 === "string"){
if(!pattern25.test(data19)){
const err46 = {instancePath:instancePath+"/link_paths/" + i0,schemaPath:"#/allOf/2/then/properties/link_paths/items/pattern",keyword:"pattern",params:{pattern: "^/[^?#]*$"},message:"must match pattern \""+"^/[^?#]*$"+"\""};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
else {
const err47 = {instancePath:instancePath+"/link_paths/" + i0,schemaPath:"#/allOf/2/then/properties/link_paths/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
let i1 = data18.length;
let j0;
if(i1 > 1){
const indices0 = {};
for(;i1--;){
let item0 = data18[i1];
if(typeof item0 !== "string"){
continue;
}
if(typeof indices0[item0] == "number"){
j0 = indices0[item0];
const err48 = {instancePath:instancePath+"/link_paths",schemaPath:"#/allOf/2/then/properties/link_paths/uniqueItems",keyword:"uniqueItems",params:{i: i1, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i1+" are identical)"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
break;
}
indices0[item0] = i1;
}
}
}
else {
const err49 = {instancePath:instancePath+"/link_paths",schemaPath:"#/allOf/2/then/properties/link_paths/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
}
var _valid4 = _errs55 === errors;
valid15 = _valid4;
if(valid15){
var props2 = true;
}
}
if(!valid15){
const err50 = {instancePath,schemaPath:"#/allOf/2/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
if(props0 !== true && props2 !== undefined){
if(props2 === true){
props0 = true;
}
else {
props0 = props0 || {};
Object.assign(props0, props2);
}
}
const _errs68 = errors;
let valid23 = true;
const _errs69 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.style !== undefined){
if("partitions" !== data.style){
const err51 = {};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
}
var _valid5 = _errs69 === errors;
errors = _errs68;
if(vErrors !== null){
if(_errs68){
vErrors.length = _errs68;
}
else {
vErrors = null;
}
}
if(_valid5){
const _errs71 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.items === undefined){
const err52 = {instancePath,schemaPath:"#/allOf/3/then/required",keyword:"required",params:{missingProperty: "items"},message:"must have required property '"+"items"+"'"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
if(data.partitions === undefined){
const err53 = {instancePath,schemaPath:"#/allOf/3/then/required",keyword:"required",params:{missingProperty: "partitions"},message:"must have required property '"+"partitions"+"'"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
if(data.handle === undefined){
const err54 = {instancePath,schemaPath:"#/allOf/3/then/required",keyword:"required",params:{missingProperty: "handle"},message:"must have required property '"+"handle"+"'"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
if(data.path === undefined){
const err55 = {instancePath,schemaPath:"#/allOf/3/then/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
if(data.partition_param === undefined){
const err56 = {instancePath,schemaPath:"#/allOf/3/then/required",keyword:"required",params:{missingProperty: "partition_param"},message:"must have required property '"+"partition_param"+"'"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
for(const key3 in data){
if(!(((((((key3 === "style") || (key3 === "items")) || (key3 === "partitions")) || (key3 === "handle")) || (key3 === "path")) || (key3 === "partition_param")) || (key3 === "keep"))){
const err57 = {instancePath,schemaPath:"#/allOf/3/then/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
if(data.items !== undefined){
let data21 = data.items;
if(typeof data21 === "string"){
if(!pattern13.test(data21)){
const err58 = {instancePath:instancePath+"/items",schemaPath:"#/$defs/pointer/pattern",keyword:"pattern",params:{pattern: "^(/.*)?$"},message:"must match pattern \""+"^(/.*)?$"+"\""};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
else {
const err59 = {instancePath:instancePath+"/items",schemaPath:"#/$defs/pointer/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
if(data.partitions !== undefined){
let data22 = data.partitions;
if(typeof data22 === "string"){
if(!pattern13.test(data22)){
const err60 = {instancePath:instancePath+"/partitions",schemaPath:"#/$defs/pointer/pattern",keyword:"pattern",params:{pattern: "^(/.*)?$"},message:"must match pattern \""+"^(/.*)?$"+"\""};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
else {
const err61 = {instancePath:instancePath+"/partitions",schemaPath:"#/$defs/pointer/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
}
if(data.handle !== undefined){
let data23 = data.handle;
if(typeof data23 === "string"){
if(!pattern13.test(data23)){
const err62 = {instancePath:instancePath+"/handle",schemaPath:"#/$defs/pointer/pattern",keyword:"pattern",params:{pattern: "^(/.*)?$"},message:"must match pattern \""+"^(/.*)?$"+"\""};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
}
else {
const err63 = {instancePath:instancePath+"/handle",schemaPath:"#/$defs/pointer/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
}
if(data.path !== undefined){
if(typeof data.path !== "string"){
const err64 = {instancePath:instancePath+"/path",schemaPath:"#/allOf/3/then/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
}
if(data.partition_param !== undefined){
if(typeof data.partition_param !== "string"){
const err65 = {instancePath:instancePath+"/partition_param",schemaPath:"#/allOf/3/then/properties/partition_param/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
}
if(data.keep !== undefined){
let data26 = data.keep;
if(Array.isArray(data26)){
const len1 = data26.length;
for(let i2=0; i2<len1; i2++){
let data27 = data26[i2];
if(typeof data27 === "string"){
if(!pattern13.test(data27)){
const err66 = {instancePath:instancePath+"/keep/" + i2,schemaPath:"#/$defs/pointer/pattern",keyword:"pattern",params:{pattern: "^(/.*)?$"},message:"must match pattern \""+"^(/.*)?$"+"\""};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
}
else {
const err67 = {instancePath:instancePath+"/keep/" + i2,schemaPath:"#/$defs/pointer/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
}
let i3 = data26.length;
let j1;
if(i3 > 1){
outer0:
for(;i3--;){
for(j1 = i3; j1--;){
if(func0(data26[i3], data26[j1])){
const err68 = {instancePath:instancePath+"/keep",schemaPath:"#/allOf/3/then/properties/keep/uniqueItems",keyword:"uniqueItems",params:{i: i3, j: j1},message:"must NOT have duplicate items (items ## "+j1+" and "+i3+" are identical)"};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
break outer0;
}
}
}
}
}
else {
const err69 = {instancePath:instancePath+"/keep",schemaPath:"#/allOf/3/then/properties/keep/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
}
}
var _valid5 = _errs71 === errors;
valid23 = _valid5;
if(valid23){
var props3 = true;
}
}
if(!valid23){
const err70 = {instancePath,schemaPath:"#/allOf/3/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
if(props0 !== true && props3 !== undefined){
if(props3 === true){
props0 = true;
}
else {
props0 = props0 || {};
Object.assign(props0, props3);
}
}
const _errs92 = errors;
let valid33 = true;
const _errs93 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.style !== undefined){
if("page_number" !== data.style){
const err71 = {};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
}
}
var _valid6 = _errs93 === errors;
errors = _errs92;
if(vErrors !== null){
if(_errs92){
vErrors.length = _errs92;
}
else {
vErrors = null;
}
}
if(_valid6){
const _errs95 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.in === undefined){
const err72 = {instancePath,schemaPath:"#/allOf/4/then/required",keyword:"required",params:{missingProperty: "in"},message:"must have required property '"+"in"+"'"};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
if(data.page_param === undefined){
const err73 = {instancePath,schemaPath:"#/allOf/4/then/required",keyword:"required",params:{missingProperty: "page_param"},message:"must have required property '"+"page_param"+"'"};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
if(data.items === undefined){
const err74 = {instancePath,schemaPath:"#/allOf/4/then/required",keyword:"required",params:{missingProperty: "items"},message:"must have required property '"+"items"+"'"};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
for(const key4 in data){
if(!(func1.call(schema44.allOf[4].then.properties, key4))){
const err75 = {instancePath,schemaPath:"#/allOf/4/then/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
}
if(data.in !== undefined){
let data29 = data.in;
if(!((data29 === "query") || (data29 === "body"))){
const err76 = {instancePath:instancePath+"/in",schemaPath:"#/allOf/4/then/properties/in/enum",keyword:"enum",params:{allowedValues: schema44.allOf[4].then.properties.in.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
}
if(data.page_param !== undefined){
if(typeof data.page_param !== "string"){
const err77 = {instancePath:instancePath+"/page_param",schemaPath:"#/allOf/4/then/properties/page_param/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
}
}
if(data.size_param !== undefined){
if(typeof data.size_param !== "string"){
const err78 = {instancePath:instancePath+"/size_param",schemaPath:"#/allOf/4/then/properties/size_param/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
}
if(data.start_page !== undefined){
let data32 = data.start_page;
if(!((typeof data32 == "number") && (!(data32 % 1) && !isNaN(data32)))){
const err79 = {instancePath:instancePath+"/start_page",schemaPath:"#/allOf/4/then/properties/start_page/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
if(typeof data32 == "number"){
if(data32 < 0 || isNaN(data32)){
const err80 = {instancePath:instancePath+"/start_page",schemaPath:"#/allOf/4/then/properties/start_page/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
}
}
if(data.items !== undefined){
let data33 = data.items;
if(typeof data33 === "string"){
if(!pattern13.test(data33)){
const err81 = {instancePath:instancePath+"/items",schemaPath:"#/$defs/pointer/pattern",keyword:"pattern",params:{pattern: "^(/.*)?$"},message:"must match pattern \""+"^(/.*)?$"+"\""};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
}
}
else {
const err82 = {instancePath:instancePath+"/items",schemaPath:"#/$defs/pointer/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err82];
}
else {
vErrors.push(err82);
}
errors++;
}
}
if(data.default_size !== undefined){
let data34 = data.default_size;
if(!((typeof data34 == "number") && (!(data34 % 1) && !isNaN(data34)))){
const err83 = {instancePath:instancePath+"/default_size",schemaPath:"#/allOf/4/then/properties/default_size/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
if(typeof data34 == "number"){
if(data34 < 1 || isNaN(data34)){
const err84 = {instancePath:instancePath+"/default_size",schemaPath:"#/allOf/4/then/properties/default_size/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err84];
}
else {
vErrors.push(err84);
}
errors++;
}
}
}
if(data.total_pages !== undefined){
let data35 = data.total_pages;
if(typeof data35 === "string"){
if(!pattern13.test(data35)){
const err85 = {instancePath:instancePath+"/total_pages",schemaPath:"#/$defs/pointer/pattern",keyword:"pattern",params:{pattern: "^(/.*)?$"},message:"must match pattern \""+"^(/.*)?$"+"\""};
if(vErrors === null){
vErrors = [err85];
}
else {
vErrors.push(err85);
}
errors++;
}
}
else {
const err86 = {instancePath:instancePath+"/total_pages",schemaPath:"#/$defs/pointer/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err86];
}
else {
vErrors.push(err86);
}
errors++;
}
}
if(data.last !== undefined){
let data36 = data.last;
if(typeof data36 === "string"){
if(!pattern13.test(data36)){
const err87 = {instancePath:instancePath+"/last",schemaPath:"#/$defs/pointer/pattern",keyword:"pattern",params:{pattern: "^(/.*)?$"},message:"must match pattern \""+"^(/.*)?$"+"\""};
if(vErrors === null){
vErrors = [err87];
}
else {
vErrors.push(err87);
}
errors++;
}
}
else {
const err88 = {instancePath:instancePath+"/last",schemaPath:"#/$defs/pointer/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err88];
}
else {
vErrors.push(err88);
}
errors++;
}
}
}
var _valid6 = _errs95 === errors;
valid33 = _valid6;
if(valid33){
var props4 = true;
}
}
if(!valid33){
const err89 = {instancePath,schemaPath:"#/allOf/4/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};
if(vErrors === null){
vErrors = [err89];
}
else {
vErrors.push(err89);
}
errors++;
}
if(props0 !== true && props4 !== undefined){
if(props4 === true){
props0 = true;
}
else {
props0 = props0 || {};
Object.assign(props0, props4);
}
}
const _errs116 = errors;
let valid39 = true;
const _errs117 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.style !== undefined){
if("link_header" !== data.style){
const err90 = {};
if(vErrors === null){
vErrors = [err90];
}
else {
vErrors.push(err90);
}
errors++;
}
}
}
var _valid7 = _errs117 === errors;
errors = _errs116;
if(vErrors !== null){
if(_errs116){
vErrors.length = _errs116;
}
else {
vErrors = null;
}
}
if(_valid7){
const _errs119 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.items === undefined){
const err91 = {instancePath,schemaPath:"#/allOf/5/then/required",keyword:"required",params:{missingProperty: "items"},message:"must have required property '"+"items"+"'"};
if(vErrors === null){
vErrors = [err91];
}
else {
vErrors.push(err91);
}
errors++;
}
for(const key5 in data){
if(!((((key5 === "style") || (key5 === "items")) || (key5 === "rel")) || (key5 === "link_paths"))){
const err92 = {instancePath,schemaPath:"#/allOf/5/then/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key5},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err92];
}
else {
vErrors.push(err92);
}
errors++;
}
}
if(data.items !== undefined){
let data38 = data.items;
if(typeof data38 === "string"){
if(!pattern13.test(data38)){
const err93 = {instancePath:instancePath+"/items",schemaPath:"#/$defs/pointer/pattern",keyword:"pattern",params:{pattern: "^(/.*)?$"},message:"must match pattern \""+"^(/.*)?$"+"\""};
if(vErrors === null){
vErrors = [err93];
}
else {
vErrors.push(err93);
}
errors++;
}
}
else {
const err94 = {instancePath:instancePath+"/items",schemaPath:"#/$defs/pointer/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err94];
}
else {
vErrors.push(err94);
}
errors++;
}
}
if(data.rel !== undefined){
if(typeof data.rel !== "string"){
const err95 = {instancePath:instancePath+"/rel",schemaPath:"#/allOf/5/then/properties/rel/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err95];
}
else {
vErrors.push(err95);
}
errors++;
}
}
if(data.link_paths !== undefined){
let data40 = data.link_paths;
if(Array.isArray(data40)){
const len2 = data40.length;
for(let i4=0; i4<len2; i4++){
let data41 = data40[i4];
if(typeof data41 === "string"){
if(!pattern25.test(data41)){
const err96 = {instancePath:instancePath+"/link_paths/" + i4,schemaPath:"#/allOf/5/then/properties/link_paths/items/pattern",keyword:"pattern",params:{pattern: "^/[^?#]*$"},message:"must match pattern \""+"^/[^?#]*$"+"\""};
if(vErrors === null){
vErrors = [err96];
}
else {
vErrors.push(err96);
}
errors++;
}
}
else {
const err97 = {instancePath:instancePath+"/link_paths/" + i4,schemaPath:"#/allOf/5/then/properties/link_paths/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err97];
}
else {
vErrors.push(err97);
}
errors++;
}
}
let i5 = data40.length;
let j2;
if(i5 > 1){
const indices1 = {};
for(;i5--;){
let item1 = data40[i5];
if(typeof item1 !== "string"){
continue;
}
if(typeof indices1[item1] == "number"){
j2 = indices1[item1];
const err98 = {instancePath:instancePath+"/link_paths",schemaPath:"#/allOf/5/then/properties/link_paths/uniqueItems",keyword:"uniqueItems",params:{i: i5, j: j2},message:"must NOT have duplicate items (items ## "+j2+" and "+i5+" are identical)"};
if(vErrors === null){
vErrors = [err98];
}
else {
vErrors.push(err98);
}
errors++;
break;
}
indices1[item1] = i5;
}
}
}
else {
const err99 = {instancePath:instancePath+"/link_paths",schemaPath:"#/allOf/5/then/properties/link_paths/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err99];
}
else {
vErrors.push(err99);
}
errors++;
}
}
}
var _valid7 = _errs119 === errors;
valid39 = _valid7;
if(valid39){
var props5 = true;
}
}
if(!valid39){
const err100 = {instancePath,schemaPath:"#/allOf/5/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};
if(vErrors === null){
vErrors = [err100];
}
else {
vErrors.push(err100);
}
errors++;
}
if(props0 !== true && props5 !== undefined){
if(props5 === true){
props0 = true;
}
else {
props0 = props0 || {};
Object.assign(props0, props5);
}
}
const _errs131 = errors;
let valid46 = true;
const _errs132 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.style !== undefined){
if("single_page" !== data.style){
const err101 = {};
if(vErrors === null){
vErrors = [err101];
}
else {
vErrors.push(err101);
}
errors++;
}
}
}
var _valid8 = _errs132 === errors;
errors = _errs131;
if(vErrors !== null){
if(_errs131){
vErrors.length = _errs131;
}
else {
vErrors = null;
}
}
if(_valid8){
const _errs134 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.items === undefined){
const err102 = {instancePath,schemaPath:"#/allOf/6/then/required",keyword:"required",params:{missingProperty: "items"},message:"must have required property '"+"items"+"'"};
if(vErrors === null){
vErrors = [err102];
}
else {
vErrors.push(err102);
}
errors++;
}
for(const key6 in data){
if(!((key6 === "style") || (key6 === "items"))){
const err103 = {instancePath,schemaPath:"#/allOf/6/then/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key6},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err103];
}
else {
vErrors.push(err103);
}
errors++;
}
}
if(data.items !== undefined){
let data43 = data.items;
if(typeof data43 === "string"){
if(!pattern13.test(data43)){
const err104 = {instancePath:instancePath+"/items",schemaPath:"#/$defs/pointer/pattern",keyword:"pattern",params:{pattern: "^(/.*)?$"},message:"must match pattern \""+"^(/.*)?$"+"\""};
if(vErrors === null){
vErrors = [err104];
}
else {
vErrors.push(err104);
}
errors++;
}
}
else {
const err105 = {instancePath:instancePath+"/items",schemaPath:"#/$defs/pointer/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err105];
}
else {
vErrors.push(err105);
}
errors++;
}
}
}
var _valid8 = _errs134 === errors;
valid46 = _valid8;
if(valid46){
var props6 = true;
}
}
if(!valid46){
const err106 = {instancePath,schemaPath:"#/allOf/6/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};
if(vErrors === null){
vErrors = [err106];
}
else {
vErrors.push(err106);
}
errors++;
}
if(props0 !== true && props6 !== undefined){
if(props6 === true){
props0 = true;
}
else {
props0 = props0 || {};
Object.assign(props0, props6);
}
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.style === undefined){
const err107 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "style"},message:"must have required property '"+"style"+"'"};
if(vErrors === null){
vErrors = [err107];
}
else {
vErrors.push(err107);
}
errors++;
}
if(props0 !== true){
props0 = props0 || {};
props0.style = true;
}
if(data.style !== undefined){
let data44 = data.style;
if(!(((((((data44 === "cursor") || (data44 === "offset")) || (data44 === "page_number")) || (data44 === "next_link")) || (data44 === "link_header")) || (data44 === "partitions")) || (data44 === "single_page"))){
const err108 = {instancePath:instancePath+"/style",schemaPath:"#/properties/style/enum",keyword:"enum",params:{allowedValues: schema44.properties.style.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err108];
}
else {
vErrors.push(err108);
}
errors++;
}
}
}
else {
const err109 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err109];
}
else {
vErrors.push(err109);
}
errors++;
}
validate35.errors = vErrors;
evaluated0.props = props0;
return errors === 0;
}
validate35.evaluated = {"dynamicProps":true,"dynamicItems":false};

const schema62 = {"title":"Input","description":"One tool input: a JSON Schema for its value plus where it goes. Keys other than the placement keys (`in`, `as`, `required`, `kind`, `transform`, `explode`, `compute`, `min_version`, `send_default`) are JSON Schema keywords.","type":"object","properties":{"in":{"title":"Location","description":"Where the value goes in the vendor request: path, query, header, body, or none (consumed by templates or the engine). Default: `path` for a path variable; `none` when the tool's body template, a `compute` template or its SQL block reads the input; else `query` for GET/DELETE and `body` otherwise.","enum":["path","query","header","body","none"],"examples":["path"]},"as":{"title":"Vendor name","description":"The vendor's name for the value; for body inputs a dot path (`message.subject`). Defaults to the input name.","type":"string","minLength":1,"examples":["$top","message.subject"]},"required":{"title":"Required","description":"`true` when the caller must supply the input. An array keeps its JSON Schema meaning: the properties an object input must have.","oneOf":[{"type":"boolean"},{"type":"array","items":{"type":"string"},"uniqueItems":true}],"default":false,"examples":[true,["locale"]]},"kind":{"title":"Kind","description":"`public` inputs come from the caller; `computed` inputs are derived by the executor (hidden from the public schema and refused from callers); `version` inputs select a version or header and are never sent as data.","enum":["public","computed","version"],"default":"public","examples":["computed"]},"transform":{"title":"Transform","description":"A vetted value transform from the engine's registry applied before placement.","type":"string","examples":["rich_text","csv_list"]},"path_encoding":{"title":"Path value encoding","description":"For path inputs. `strict` (the default) refuses a value with `/`, `\\`, `?`, `#`, `%` or a scheme, which no id or slug has. `one_segment` takes any text and percent-encodes it as one path segment, for vendors whose names travel in the path (a table named `Sales/2024 (50%)`); dot segments (`.`, `..`) and invisible characters are refused either way.","enum":["strict","one_segment"],"default":"strict","examples":["one_segment"]},"explode":{"title":"Explode","description":"For array query inputs: repeat the key per item (true) or join items with commas (false).","type":"boolean","default":true,"examples":[true]},"compute":{"title":"Compute","description":"For computed inputs: a JSON-e template over the other inputs that yields the value.","examples":[{"type":"database_id","database_id":{"$eval":"database_id"}}]},"min_version":{"title":"Minimum version","description":"For version inputs: the oldest accepted value, compared as text (YYYY-MM-DD sorts correctly).","type":"string","examples":["2025-09-03"]},"send_default":{"title":"Send default","description":"Send the schema's `default` to the vendor when the caller omits the input.","type":"boolean","default":false,"examples":[true]},"description":{"title":"Description","description":"What the input means, written for an agent.","type":"string","examples":["The page's id (UUID)."]},"$ref":{"title":"Shared input","description":"Names a set-level input definition (`#/inputs/<name>`) or schema (`#/schemas/<name>`) that this input starts from; keys written beside `$ref` override the definition's. This is the language's one way to share a declaration (YAML anchors are reported: they are local to one file and invisible to the schema).","type":"string","pattern":"^#/(inputs|schemas)/[^/]+$","examples":["#/inputs/record_id"]}},"examples":[{"in":"path","required":true,"type":"string","format":"uuid","description":"The page's id."}]};
const pattern36 = new RegExp("^#/(inputs|schemas)/[^/]+$", "u");

function validate37(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate37.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.in !== undefined){
let data0 = data.in;
if(!(((((data0 === "path") || (data0 === "query")) || (data0 === "header")) || (data0 === "body")) || (data0 === "none"))){
const err0 = {instancePath:instancePath+"/in",schemaPath:"#/properties/in/enum",keyword:"enum",params:{allowedValues: schema62.properties.in.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.as !== undefined){
let data1 = data.as;
if(typeof data1 === "string"){
if(func2(data1) < 1){
const err1 = {instancePath:instancePath+"/as",schemaPath:"#/properties/as/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
else {
const err2 = {instancePath:instancePath+"/as",schemaPath:"#/properties/as/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.required !== undefined){
let data2 = data.required;
const _errs5 = errors;
let valid1 = false;
let passing0 = null;
const _errs6 = errors;
if(typeof data2 !== "boolean"){
const err3 = {instancePath:instancePath+"/required",schemaPath:"#/properties/required/oneOf/0/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
var _valid0 = _errs6 === errors;
if(_valid0){
valid1 = true;
passing0 = 0;
}
const _errs8 = errors;
if(Array.isArray(data2)){
const len0 = data2.length;
for(let i0=0; i0<len0; i0++){
if(typeof data2[i0] !== "string"){
const err4 = {instancePath:instancePath+"/required/" + i0,schemaPath:"#/properties/required/oneOf/1/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
let i1 = data2.length;
let j0;
if(i1 > 1){
const indices0 = {};
for(;i1--;){
let item0 = data2[i1];
if(typeof item0 !== "string"){
continue;
}
if(typeof indices0[item0] == "number"){
j0 = indices0[item0];
const err5 = {instancePath:instancePath+"/required",schemaPath:"#/properties/required/oneOf/1/uniqueItems",keyword:"uniqueItems",params:{i: i1, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i1+" are identical)"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
break;
}
indices0[item0] = i1;
}
}
}
else {
const err6 = {instancePath:instancePath+"/required",schemaPath:"#/properties/required/oneOf/1/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
var _valid0 = _errs8 === errors;
if(_valid0 && valid1){
valid1 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid1 = true;
passing0 = 1;
}
}
if(!valid1){
const err7 = {instancePath:instancePath+"/required",schemaPath:"#/properties/required/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
else {
errors = _errs5;
if(vErrors !== null){
if(_errs5){
vErrors.length = _errs5;
}
else {
vErrors = null;
}
}
}
}
if(data.kind !== undefined){
let data4 = data.kind;
if(!(((data4 === "public") || (data4 === "computed")) || (data4 === "version"))){
const err8 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/enum",keyword:"enum",params:{allowedValues: schema62.properties.kind.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.transform !== undefined){
if(typeof data.transform !== "string"){
const err9 = {instancePath:instancePath+"/transform",schemaPath:"#/properties/transform/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.path_encoding !== undefined){
let data6 = data.path_encoding;
if(!((data6 === "strict") || (data6 === "one_segment"))){
const err10 = {instancePath:instancePath+"/path_encoding",schemaPath:"#/properties/path_encoding/enum",keyword:"enum",params:{allowedValues: schema62.properties.path_encoding.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.explode !== undefined){
if(typeof data.explode !== "boolean"){
const err11 = {instancePath:instancePath+"/explode",schemaPath:"#/properties/explode/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.min_version !== undefined){
if(typeof data.min_version !== "string"){
const err12 = {instancePath:instancePath+"/min_version",schemaPath:"#/properties/min_version/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.send_default !== undefined){
if(typeof data.send_default !== "boolean"){
const err13 = {instancePath:instancePath+"/send_default",schemaPath:"#/properties/send_default/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.description !== undefined){
if(typeof data.description !== "string"){
const err14 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.$ref !== undefined){
let data11 = data.$ref;
if(typeof data11 === "string"){
if(!pattern36.test(data11)){
const err15 = {instancePath:instancePath+"/$ref",schemaPath:"#/properties/%24ref/pattern",keyword:"pattern",params:{pattern: "^#/(inputs|schemas)/[^/]+$"},message:"must match pattern \""+"^#/(inputs|schemas)/[^/]+$"+"\""};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
else {
const err16 = {instancePath:instancePath+"/$ref",schemaPath:"#/properties/%24ref/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
}
else {
const err17 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
validate37.errors = vErrors;
return errors === 0;
}
validate37.evaluated = {"props":{"in":true,"as":true,"required":true,"kind":true,"transform":true,"path_encoding":true,"explode":true,"compute":true,"min_version":true,"send_default":true,"description":true,"$ref":true},"dynamicProps":false,"dynamicItems":false};

const schema64 = {"title":"Tool","description":"One tool: its inputs, the HTTP request they build, the response mapping, effects, paging and examples.","type":"object","additionalProperties":false,"if":{"required":["$ref"]},"then":{"required":["name"]},"else":{"required":["name","title","description","effects","method","path","examples"]},"properties":{"$ref":{"title":"Alias of","description":"Makes this tool an alias: `#/tools/<name>` names another tool of the set's `tools:` list, whose declaration this tool starts from; the keys written beside `$ref` (at least `name`, usually `title` and `description`) override its top-level keys (its examples come along unless `examples` is written). Inside `examples`, the same reference names one example of another tool (`{$ref: '#/tools/<name>/examples/0'}`).","type":"string","pattern":"^#/tools/[^/]+$","examples":["#/tools/crm_put_record"]},"name":{"title":"Tool name","description":"Unique name, prefixed by the set (`notes_page_get`). At most 64 characters of [a-z0-9_].","type":"string","pattern":"^[a-z][a-z0-9_{}]*$","maxLength":64,"examples":["notes_page_get"]},"title":{"title":"Title","description":"Short human title.","type":"string","minLength":1,"examples":["Get a page"]},"description":{"title":"Description","description":"What the tool does, when to use it, what to call first and its limits — written for an agent.","type":"string","minLength":1,"examples":["Returns one page's properties, parent and metadata."]},"keywords":{"title":"Search keywords","description":"Words users say for this tool's task that its name, title and description do not contain (a vendor's term, a common misnomer, the noun a user thinks of). Not shown to the model; matched by the discovery search like the description. Prefer improving the description when the word belongs there.","type":"array","items":{"type":"string","minLength":1},"uniqueItems":true,"examples":[["out of office","vacation responder","auto-reply"]]},"aliases":{"title":"Search aliases","description":"Other names of the tool's task, as short phrases a user or agent would search with (`mark task done`, `tick off`): matched by the discovery search as strongly as the title. Not shown to the model.","type":"array","items":{"type":"string","minLength":1},"uniqueItems":true,"examples":[["complete a task","tick off a to-do"]]},"effects":{"title":"Effects","description":"What the tool does to vendor data. Drives MCP annotations, retries and read-only mode; the HTTP method does not.","oneOf":[{"enum":["read","create","update","delete"]},{"type":"array","items":{"enum":["read","create","update","delete"]},"minItems":1,"uniqueItems":true}],"examples":["read",["create","update"]]},"idempotent":{"title":"Idempotent","description":"Whether repeating the call has the same effect as making it once. Defaults to true for read and delete, false otherwise.","type":"boolean","examples":[true]},"method":{"title":"HTTP method","description":"The vendor request method.","enum":["GET","POST","PUT","PATCH","DELETE"],"examples":["POST"]},"path":{"title":"Path template","description":"RFC 6570 path template relative to the server URL; every `{variable}` is a required path input.","type":"string","pattern":"^/","examples":["/v1/pages/{page_id}"]},"headers":{"title":"Headers","description":"Headers this tool adds or overrides.","$ref":"#/$defs/stringMap","examples":[{"Notion-Version":"2022-06-28"}]},"query":{"title":"Fixed query","description":"Query parameters always sent.","$ref":"#/$defs/stringMap","examples":[{"$select":"id,name,size,contentType,isInline"}]},"inputs":{"title":"Inputs","description":"The tool's inputs by name.","type":"object","propertyNames":{"pattern":"^[A-Za-z_$][A-Za-z0-9_$]*$"},"additionalProperties":{"$ref":"#/$defs/input"},"examples":[{"page_id":{"in":"path","required":true,"type":"string"}}]},"constraints":{"title":"Constraints","description":"Extra JSON Schema over the whole input (oneOf, dependentRequired, if/then) for rules between inputs.","type":"object","examples":[{"oneOf":[{"required":["database_id"]},{"required":["parent_page_id"]}]}]},"body":{"title":"Body template","description":"A type-preserving JSON-e template over the inputs whose result is deep-merged over the body-placed inputs. Leaves are expressions; absent optional inputs are undefined (test with `defined(\"name\")`).","examples":[{"parent":{"type":"page_id","page_id":{"$eval":"parent_page_id"}}}]},"encoding":{"title":"Body encoding","description":"Body encoding from the engine's registry: `json` (default for POST, PUT, PATCH), `none`, `sql` (compiles the `sql` block into a Snowflake statement with bindings), `form` (application/x-www-form-urlencoded; nested objects and arrays in bracket notation, `metadata[k]=v`, `items[0][price]=p`), `multipart` (multipart/form-data: text fields and the `files` given as base64 inputs), `graphql` (the `graphql` document with the body as its variables), `raw` (the body template's text, sent with the declared Content-Type, default text/plain). A Content-Type declared in the set's or tool's headers is kept with its parameters (`charset=utf-8`).","enum":["json","none","sql","form","multipart","graphql","raw"],"examples":["json","form","graphql"]},"sql":{"$ref":"#/$defs/sqlBlock"},"response":{"title":"Response mapping","description":"How the vendor response becomes the tool's output.","type":"object","additionalProperties":false,"properties":{"format":{"title":"Answer format","description":"What a successful answer's body is. `json` (the default): a JSON value; an answer that is not JSON (a proxy's HTML page, plain text) is an `invalid_response` error, never the tool's output. `text`: the body as text (a rendered Markdown page, a diff, CSV); the tool's output is that string (with `map`, the template's `body`).","enum":["json","text"],"default":"json","examples":["text"]},"map":{"title":"Map","description":"A JSON-e template over `body`, `status` and `headers`; absent means the body as is. For a paged tool, an object it yields is the paging envelope's base: `items`, `next_cursor` and `has_more` are added to it (a poll-pending answer is not paged and is mapped alone). A tool without paging that declares no map takes the set's `response.map`; `map: null` opts it out (the body as is).","examples":[{"$eval":"body.data"}]},"items":{"title":"Page items","description":"For a paged tool: a JSON-e template over `body`, `status` and `headers` yielding the page's items; absent means the items found at the paging style's `items` pointer, as they are.","examples":[{"$eval":"sql_rows(body)"}]},"empty":{"title":"Empty result","description":"Output for a response with no body (202, 204).","examples":[{"ok":true}]},"schema":{"title":"Output schema","description":"JSON Schema of the mapped output. Shared shapes are written once under the set's `schemas:` and named with `{$ref: '#/schemas/<name>'}`.","type":"object","examples":[{"type":"object"}]}},"examples":[{"empty":{"ok":true,"status":"sent"}}]},"paging":{"title":"Paging","description":"Name of a paging style declared at set level.","type":"string","examples":["cursor_query"]},"poll":{"title":"Poll","description":"Submit -> poll -> fetch: while the vendor answers with a pending status, poll the status path with backoff until done, bounded by a timeout, cancelling upstream on abort.","type":"object","additionalProperties":false,"required":["while_status","path","handle"],"properties":{"while_status":{"title":"Pending statuses","description":"Statuses that mean still running.","type":"array","items":{"type":"integer"},"examples":[[202]]},"path":{"title":"Status path","description":"Path template of the status request; `{handle}` is filled.","type":"string","examples":["/api/v2/statements/{handle}"]},"method":{"title":"Status method","description":"Method of the status request.","enum":["GET","POST"],"default":"GET","examples":["GET"]},"handle":{"title":"Handle pointer","description":"Pointer to the handle in the pending response.","$ref":"#/$defs/pointer","examples":["/statementHandle"]},"interval_ms":{"title":"First interval","description":"First wait between polls.","type":"integer","minimum":1,"default":250,"examples":[250]},"max_interval_ms":{"title":"Largest interval","description":"Longest wait between polls.","type":"integer","minimum":1,"default":5000,"examples":[5000]},"multiplier":{"title":"Backoff multiplier","description":"Growth of the wait per poll.","type":"number","minimum":1,"default":2,"examples":[2]},"timeout_input":{"title":"Timeout input","description":"Input holding the total wait in seconds.","type":"string","examples":["timeout"]},"default_timeout_seconds":{"title":"Default timeout","description":"Total wait when the timeout input is absent.","type":"integer","minimum":1,"default":60,"examples":[60]},"skip_when":{"title":"Skip when","description":"Boolean input that, when true, returns the pending answer without polling.","type":"string","examples":["async"]},"cancel":{"title":"Cancel request","description":"Request sent upstream when the wait is aborted or times out.","type":"object","additionalProperties":false,"required":["method","path"],"properties":{"method":{"title":"Method","description":"HTTP method.","enum":["GET","POST","PUT","PATCH","DELETE"],"examples":["POST"]},"path":{"title":"Path","description":"Path template; `{handle}` is filled.","type":"string","examples":["/api/v2/statements/{handle}/cancel"]}},"examples":[{"method":"POST","path":"/api/v2/statements/{handle}/cancel"}]}},"examples":[{"while_status":[202],"path":"/api/v2/statements/{handle}","handle":"/statementHandle"}]},"idempotency":{"title":"Idempotency key","description":"Makes a non-idempotent submission safe to retry: the key input (generated as a UUID when absent) and the flag input set on a resubmission.","type":"object","additionalProperties":false,"required":["key"],"properties":{"key":{"title":"Key input","description":"Input carrying the idempotency key.","type":"string","examples":["request_id"]},"retry_flag":{"title":"Retry flag input","description":"Boolean input set to true when resubmitting.","type":"string","examples":["retry"]}},"examples":[{"key":"request_id","retry_flag":"retry"}]},"handler":{"title":"Escape-hatch handler","description":"Name of a hand-written handler for behaviour the spec language cannot express; the generated stub keeps its body across regeneration.","type":"string","pattern":"^[a-z][A-Za-z0-9]*$","examples":["customExport"]},"timeout_ms":{"title":"Timeout","description":"Total time budget of one call in milliseconds.","type":"integer","minimum":1,"examples":[60000]},"rate_limit":{"$ref":"#/$defs/rateLimit"},"max_output_bytes":{"title":"Output budget","description":"Largest mapped output in bytes.","type":"integer","minimum":256,"examples":[50000]},"schema_version":{"title":"Schema version","description":"Version of this tool's input schema.","type":"string","default":"1","examples":["1"]},"tool_version":{"title":"Tool version","description":"Version of this tool's implementation.","type":"string","default":"1","examples":["1"]},"examples":{"title":"Examples","description":"At least one worked call per branch.","type":"array","minItems":1,"items":{"$ref":"#/$defs/example"},"examples":[[]]},"graphql":{"title":"GraphQL document","description":"`encoding: graphql`: the query or mutation document; body-placed inputs and the body template become its `variables`.","type":"string","minLength":1,"examples":["query Issues($first: Int, $after: String) { issues(first: $first, after: $after) { nodes { id } pageInfo { hasNextPage endCursor } } }"]},"files":{"title":"Multipart files","description":"`encoding: multipart`: body fields whose values are base64 file contents, sent as file parts with this file name and content type.","type":"object","additionalProperties":{"title":"File part","description":"How one file field is sent.","type":"object","additionalProperties":false,"properties":{"filename":{"title":"File name","description":"The file name sent with the part.","type":"string","examples":["report.pdf"]},"content_type":{"title":"Content type","description":"The content type of the part.","type":"string","default":"application/octet-stream","examples":["application/pdf"]}},"examples":[{"filename":"a.txt","content_type":"text/plain"}]},"examples":[{"file":{"filename":"report.pdf","content_type":"application/pdf"}}]},"error_rules":{"title":"Error rules","description":"The tool's own error rules, tried before the set's `errors.rules`.","type":"array","items":{"$ref":"#/$defs/errorRule"},"examples":[[{"when":"status == 404","code":"not_found"}]]}},"examples":[{"name":"notes_user_list","title":"List users","description":"Lists users.","effects":"read","method":"GET","path":"/v1/users","examples":[]}]};
const pattern37 = new RegExp("^#/tools/[^/]+$", "u");
const pattern38 = new RegExp("^[a-z][a-z0-9_{}]*$", "u");
const pattern39 = new RegExp("^/", "u");
const pattern40 = new RegExp("^[A-Za-z_$][A-Za-z0-9_$]*$", "u");
const pattern60 = new RegExp("^[a-z][A-Za-z0-9]*$", "u");
const schema67 = {"title":"SQL statement","description":"For `encoding: sql`: a structured statement compiled into the Snowflake SQL API body as `statement` (+ `bindings`), merged over the body-placed inputs. Either a SELECT (`select`/`from`/`where`/`order_by`/`limit`) or a SHOW command (`show`).","oneOf":[{"$ref":"#/$defs/sqlSelect"},{"$ref":"#/$defs/sqlShow"}],"examples":[{"select":["SCHEMA_NAME"],"from":"INFORMATION_SCHEMA.SCHEMATA","where":[{"column":"SCHEMA_NAME","op":"ilike","input":"schema_like"}],"limit":"limit"},{"show":[{"text":"WAREHOUSES"},{"text":"LIKE","literal":"like_pattern"}]}]};
const schema68 = {"title":"SELECT statement","description":"A SELECT over static tables and columns whose filters come from inputs. Every condition whose input is absent is left out; present values are bound as `?` placeholders (`bindings` keyed \"1\", \"2\", ...), never written into the text.","type":"object","additionalProperties":false,"required":["select","from"],"properties":{"select":{"title":"Columns","description":"Static column names selected, in order; they become the keys of the result rows.","type":"array","minItems":1,"items":{"$ref":"#/$defs/sqlName"},"examples":[["TABLE_SCHEMA","TABLE_NAME"]]},"from":{"title":"Table","description":"A table or view: a static dotted name, or `{table, as}` with an alias.","oneOf":[{"$ref":"#/$defs/sqlName"},{"type":"object","additionalProperties":false,"required":["table"],"properties":{"table":{"title":"Table name","description":"Static dotted name of the table or view.","$ref":"#/$defs/sqlName","examples":["INFORMATION_SCHEMA.TABLES"]},"as":{"title":"Alias","description":"Alias used by qualified column names (`rc.CONSTRAINT_NAME`); emitted quoted.","type":"string","pattern":"^[A-Za-z_][A-Za-z0-9_]*$","examples":["rc"]}}}],"examples":["INFORMATION_SCHEMA.COLUMNS",{"table":"INFORMATION_SCHEMA.REFERENTIAL_CONSTRAINTS","as":"rc"}]},"join":{"title":"Joins","description":"Inner joins on equality pairs, ANDed.","type":"array","items":{"title":"Join","description":"One inner join.","type":"object","additionalProperties":false,"required":["table","on"],"properties":{"table":{"title":"Table name","description":"Static dotted name of the joined table or view.","$ref":"#/$defs/sqlName","examples":["INFORMATION_SCHEMA.TABLE_CONSTRAINTS"]},"as":{"title":"Alias","description":"Alias of the joined table; emitted quoted.","type":"string","pattern":"^[A-Za-z_][A-Za-z0-9_]*$","examples":["tc"]},"on":{"title":"On","description":"Pairs of static column names that must be equal.","type":"array","minItems":1,"items":{"type":"array","prefixItems":[{"$ref":"#/$defs/sqlName"},{"$ref":"#/$defs/sqlName"}],"minItems":2,"maxItems":2},"examples":[[["rc.CONSTRAINT_NAME","tc.CONSTRAINT_NAME"]]]},"when":{"title":"Condition","description":"A JSON-e expression over the inputs; the part is emitted only when it is true (absent optional inputs are undefined: test them with `defined(\"name\")`, negated as `!(defined(\"name\"))` since `!` binds before the call).","type":"string","minLength":1,"examples":["object_type == \"schemas\"","!(defined(\"table_name\"))"]}},"examples":[{"table":"INFORMATION_SCHEMA.TABLE_CONSTRAINTS","as":"tc","on":[["rc.CONSTRAINT_NAME","tc.CONSTRAINT_NAME"]]}]},"examples":[[{"table":"INFORMATION_SCHEMA.TABLE_CONSTRAINTS","as":"tc","on":[["rc.CONSTRAINT_NAME","tc.CONSTRAINT_NAME"]]}]]},"where":{"title":"Conditions","description":"Conditions ANDed together; each compares a static column with a bound value.","type":"array","items":{"title":"Condition","description":"`column op ?` with the value of `input` (left out when the input is absent) or a constant `value`, bound.","type":"object","additionalProperties":false,"required":["column","op"],"oneOf":[{"required":["input"]},{"required":["value"]}],"properties":{"column":{"title":"Column","description":"Static column name.","$ref":"#/$defs/sqlName","examples":["TABLE_SCHEMA"]},"op":{"title":"Operator","description":"Comparison operator.","enum":["=","<>","<","<=",">",">=","like","ilike"],"examples":["=","ilike"]},"input":{"title":"Value input","description":"Input whose value is bound.","$ref":"#/$defs/sqlInputRef","examples":["schema"]},"value":{"title":"Constant value","description":"A fixed value, bound like an input value.","type":["string","number","boolean"],"examples":["BASE TABLE"]},"when":{"title":"Condition","description":"A JSON-e expression over the inputs; the part is emitted only when it is true (absent optional inputs are undefined: test them with `defined(\"name\")`, negated as `!(defined(\"name\"))` since `!` binds before the call).","type":"string","minLength":1,"examples":["object_type == \"schemas\"","!(defined(\"table_name\"))"]}},"examples":[{"column":"TABLE_SCHEMA","op":"=","input":"schema"}]},"examples":[[{"column":"TABLE_NAME","op":"ilike","input":"table_name_like"}]]},"order_by":{"title":"Order","description":"Static column names to sort by, ascending.","type":"array","items":{"$ref":"#/$defs/sqlName"},"examples":[["TABLE_SCHEMA","TABLE_NAME"]]},"limit":{"title":"Limit input","description":"Integer input bound as `LIMIT ?`; no LIMIT clause when it is absent.","$ref":"#/$defs/sqlInputRef","examples":["limit"]}},"examples":[{"select":["TABLE_SCHEMA","TABLE_NAME"],"from":"INFORMATION_SCHEMA.TABLES","where":[{"column":"TABLE_SCHEMA","op":"=","input":"schema"}],"order_by":["TABLE_SCHEMA","TABLE_NAME"],"limit":"limit"}]};
const schema69 = {"title":"SQL name","description":"A static identifier written in the spec, optionally dotted (`INFORMATION_SCHEMA.COLUMNS`, `rc.CONSTRAINT_NAME`). Each part is emitted double-quoted, so write it in the case the database stores it.","type":"string","pattern":"^[A-Za-z_][A-Za-z0-9_$]*(\\.[A-Za-z_][A-Za-z0-9_$]*)*$","examples":["INFORMATION_SCHEMA.TABLES","TABLE_NAME","tc.TABLE_NAME"]};
const schema76 = {"title":"Input reference","description":"Name of one of the tool's inputs whose value the compiler places (bound, quoted or escaped, never pasted).","type":"string","pattern":"^[A-Za-z_$][A-Za-z0-9_$]*$","examples":["schema","like_pattern"]};
const pattern41 = new RegExp("^[A-Za-z_][A-Za-z0-9_$]*(\\.[A-Za-z_][A-Za-z0-9_$]*)*$", "u");
const pattern44 = new RegExp("^[A-Za-z_][A-Za-z0-9_]*$", "u");

function validate42(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate42.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.select === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "select"},message:"must have required property '"+"select"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.from === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "from"},message:"must have required property '"+"from"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!((((((key0 === "select") || (key0 === "from")) || (key0 === "join")) || (key0 === "where")) || (key0 === "order_by")) || (key0 === "limit"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.select !== undefined){
let data0 = data.select;
if(Array.isArray(data0)){
if(data0.length < 1){
const err3 = {instancePath:instancePath+"/select",schemaPath:"#/properties/select/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
const len0 = data0.length;
for(let i0=0; i0<len0; i0++){
let data1 = data0[i0];
if(typeof data1 === "string"){
if(!pattern41.test(data1)){
const err4 = {instancePath:instancePath+"/select/" + i0,schemaPath:"#/$defs/sqlName/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_][A-Za-z0-9_$]*(\\.[A-Za-z_][A-Za-z0-9_$]*)*$"},message:"must match pattern \""+"^[A-Za-z_][A-Za-z0-9_$]*(\\.[A-Za-z_][A-Za-z0-9_$]*)*$"+"\""};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
else {
const err5 = {instancePath:instancePath+"/select/" + i0,schemaPath:"#/$defs/sqlName/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
}
else {
const err6 = {instancePath:instancePath+"/select",schemaPath:"#/properties/select/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.from !== undefined){
let data2 = data.from;
const _errs8 = errors;
let valid4 = false;
let passing0 = null;
const _errs9 = errors;
if(typeof data2 === "string"){
if(!pattern41.test(data2)){
const err7 = {instancePath:instancePath+"/from",schemaPath:"#/$defs/sqlName/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_][A-Za-z0-9_$]*(\\.[A-Za-z_][A-Za-z0-9_$]*)*$"},message:"must match pattern \""+"^[A-Za-z_][A-Za-z0-9_$]*(\\.[A-Za-z_][A-Za-z0-9_$]*)*$"+"\""};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/from",schemaPath:"#/$defs/sqlName/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
var _valid0 = _errs9 === errors;
if(_valid0){
valid4 = true;
passing0 = 0;
}
const _errs12 = errors;
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
if(data2.table === undefined){
const err9 = {instancePath:instancePath+"/from",schemaPath:"#/properties/from/oneOf/1/required",keyword:"required",params:{missingProperty: "table"},message:"must have required property '"+"table"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
for(const key1 in data2){
if(!((key1 === "table") || (key1 === "as"))){
const err10 = {instancePath:instancePath+"/from",schemaPath:"#/properties/from/oneOf/1/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data2.table !== undefined){
let data3 = data2.table;
if(typeof data3 === "string"){
if(!pattern41.test(data3)){
const err11 = {instancePath:instancePath+"/from/table",schemaPath:"#/$defs/sqlName/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_][A-Za-z0-9_$]*(\\.[A-Za-z_][A-Za-z0-9_$]*)*$"},message:"must match pattern \""+"^[A-Za-z_][A-Za-z0-9_$]*(\\.[A-Za-z_][A-Za-z0-9_$]*)*$"+"\""};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
else {
const err12 = {instancePath:instancePath+"/from/table",schemaPath:"#/$defs/sqlName/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data2.as !== undefined){
let data4 = data2.as;
if(typeof data4 === "string"){
if(!pattern44.test(data4)){
const err13 = {instancePath:instancePath+"/from/as",schemaPath:"#/properties/from/oneOf/1/properties/as/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_][A-Za-z0-9_]*$"},message:"must match pattern \""+"^[A-Za-z_][A-Za-z0-9_]*$"+"\""};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
else {
const err14 = {instancePath:instancePath+"/from/as",schemaPath:"#/properties/from/oneOf/1/properties/as/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
}
else {
const err15 = {instancePath:instancePath+"/from",schemaPath:"#/properties/from/oneOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
var _valid0 = _errs12 === errors;
if(_valid0 && valid4){
valid4 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid4 = true;
passing0 = 1;
}
}
if(!valid4){
const err16 = {instancePath:instancePath+"/from",schemaPath:"#/properties/from/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
else {
errors = _errs8;
if(vErrors !== null){
if(_errs8){
vErrors.length = _errs8;
}
else {
vErrors = null;
}
}
}
}
if(data.join !== undefined){
let data5 = data.join;
if(Array.isArray(data5)){
const len1 = data5.length;
for(let i1=0; i1<len1; i1++){
let data6 = data5[i1];
if(data6 && typeof data6 == "object" && !Array.isArray(data6)){
if(data6.table === undefined){
const err17 = {instancePath:instancePath+"/join/" + i1,schemaPath:"#/properties/join/items/required",keyword:"required",params:{missingProperty: "table"},message:"must have required property '"+"table"+"'"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(data6.on === undefined){
const err18 = {instancePath:instancePath+"/join/" + i1,schemaPath:"#/properties/join/items/required",keyword:"required",params:{missingProperty: "on"},message:"must have required property '"+"on"+"'"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
for(const key2 in data6){
if(!((((key2 === "table") || (key2 === "as")) || (key2 === "on")) || (key2 === "when"))){
const err19 = {instancePath:instancePath+"/join/" + i1,schemaPath:"#/properties/join/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data6.table !== undefined){
let data7 = data6.table;
if(typeof data7 === "string"){
if(!pattern41.test(data7)){
const err20 = {instancePath:instancePath+"/join/" + i1+"/table",schemaPath:"#/$defs/sqlName/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_][A-Za-z0-9_$]*(\\.[A-Za-z_][A-Za-z0-9_$]*)*$"},message:"must match pattern \""+"^[A-Za-z_][A-Za-z0-9_$]*(\\.[A-Za-z_][A-Za-z0-9_$]*)*$"+"\""};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
else {
const err21 = {instancePath:instancePath+"/join/" + i1+"/table",schemaPath:"#/$defs/sqlName/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data6.as !== undefined){
let data8 = data6.as;
if(typeof data8 === "string"){
if(!pattern44.test(data8)){
const err22 = {instancePath:instancePath+"/join/" + i1+"/as",schemaPath:"#/properties/join/items/properties/as/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_][A-Za-z0-9_]*$"},message:"must match pattern \""+"^[A-Za-z_][A-Za-z0-9_]*$"+"\""};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
else {
const err23 = {instancePath:instancePath+"/join/" + i1+"/as",schemaPath:"#/properties/join/items/properties/as/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data6.on !== undefined){
let data9 = data6.on;
if(Array.isArray(data9)){
if(data9.length < 1){
const err24 = {instancePath:instancePath+"/join/" + i1+"/on",schemaPath:"#/properties/join/items/properties/on/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
const len2 = data9.length;
for(let i2=0; i2<len2; i2++){
let data10 = data9[i2];
if(Array.isArray(data10)){
if(data10.length > 2){
const err25 = {instancePath:instancePath+"/join/" + i1+"/on/" + i2,schemaPath:"#/properties/join/items/properties/on/items/maxItems",keyword:"maxItems",params:{limit: 2},message:"must NOT have more than 2 items"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if(data10.length < 2){
const err26 = {instancePath:instancePath+"/join/" + i1+"/on/" + i2,schemaPath:"#/properties/join/items/properties/on/items/minItems",keyword:"minItems",params:{limit: 2},message:"must NOT have fewer than 2 items"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
const len3 = data10.length;
if(len3 > 0){
let data11 = data10[0];
if(typeof data11 === "string"){
if(!pattern41.test(data11)){
const err27 = {instancePath:instancePath+"/join/" + i1+"/on/" + i2+"/0",schemaPath:"#/$defs/sqlName/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_][A-Za-z0-9_$]*(\\.[A-Za-z_][A-Za-z0-9_$]*)*$"},message:"must match pattern \""+"^[A-Za-z_][A-Za-z0-9_$]*(\\.[A-Za-z_][A-Za-z0-9_$]*)*$"+"\""};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
else {
const err28 = {instancePath:instancePath+"/join/" + i1+"/on/" + i2+"/0",schemaPath:"#/$defs/sqlName/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
if(len3 > 1){
let data12 = data10[1];
if(typeof data12 === "string"){
if(!pattern41.test(data12)){
const err29 = {instancePath:instancePath+"/join/" + i1+"/on/" + i2+"/1",schemaPath:"#/$defs/sqlName/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_][A-Za-z0-9_$]*(\\.[A-Za-z_][A-Za-z0-9_$]*)*$"},message:"must match pattern \""+"^[A-Za-z_][A-Za-z0-9_$]*(\\.[A-Za-z_][A-Za-z0-9_$]*)*$"+"\""};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
else {
const err30 = {instancePath:instancePath+"/join/" + i1+"/on/" + i2+"/1",schemaPath:"#/$defs/sqlName/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
}
else {
const err31 = {instancePath:instancePath+"/join/" + i1+"/on/" + i2,schemaPath:"#/properties/join/items/properties/on/items/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
}
else {
const err32 = {instancePath:instancePath+"/join/" + i1+"/on",schemaPath:"#/properties/join/items/properties/on/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data6.when !== undefined){
let data13 = data6.when;
if(typeof data13 === "string"){
if(func2(data13) < 1){
const err33 = {instancePath:instancePath+"/join/" + i1+"/when",schemaPath:"#/properties/join/items/properties/when/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
else {
const err34 = {instancePath:instancePath+"/join/" + i1+"/when",schemaPath:"#/properties/join/items/properties/when/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
}
else {
const err35 = {instancePath:instancePath+"/join/" + i1,schemaPath:"#/properties/join/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
}
else {
const err36 = {instancePath:instancePath+"/join",schemaPath:"#/properties/join/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data.where !== undefined){
let data14 = data.where;
if(Array.isArray(data14)){
const len4 = data14.length;
for(let i3=0; i3<len4; i3++){
let data15 = data14[i3];
const _errs46 = errors;
let valid19 = false;
let passing1 = null;
const _errs47 = errors;
if(data15 && typeof data15 == "object" && !Array.isArray(data15)){
if(data15.input === undefined){
const err37 = {instancePath:instancePath+"/where/" + i3,schemaPath:"#/properties/where/items/oneOf/0/required",keyword:"required",params:{missingProperty: "input"},message:"must have required property '"+"input"+"'"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
var _valid1 = _errs47 === errors;
if(_valid1){
valid19 = true;
passing1 = 0;
}
const _errs48 = errors;
if(data15 && typeof data15 == "object" && !Array.isArray(data15)){
if(data15.value === undefined){
const err38 = {instancePath:instancePath+"/where/" + i3,schemaPath:"#/properties/where/items/oneOf/1/required",keyword:"required",params:{missingProperty: "value"},message:"must have required property '"+"value"+"'"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
var _valid1 = _errs48 === errors;
if(_valid1 && valid19){
valid19 = false;
passing1 = [passing1, 1];
}
else {
if(_valid1){
valid19 = true;
passing1 = 1;
}
}
if(!valid19){
const err39 = {instancePath:instancePath+"/where/" + i3,schemaPath:"#/properties/where/items/oneOf",keyword:"oneOf",params:{passingSchemas: passing1},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
else {
errors = _errs46;
if(vErrors !== null){
if(_errs46){
vErrors.length = _errs46;
}
else {
vErrors = null;
}
}
}
if(data15 && typeof data15 == "object" && !Array.isArray(data15)){
if(data15.column === undefined){
const err40 = {instancePath:instancePath+"/where/" + i3,schemaPath:"#/properties/where/items/required",keyword:"required",params:{missingProperty: "column"},message:"must have required property '"+"column"+"'"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
if(data15.op === undefined){
const err41 = {instancePath:instancePath+"/where/" + i3,schemaPath:"#/properties/where/items/required",keyword:"required",params:{missingProperty: "op"},message:"must have required property '"+"op"+"'"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
for(const key3 in data15){
if(!(((((key3 === "column") || (key3 === "op")) || (key3 === "input")) || (key3 === "value")) || (key3 === "when"))){
const err42 = {instancePath:instancePath+"/where/" + i3,schemaPath:"#/properties/where/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
if(data15.column !== undefined){
let data16 = data15.column;
if(typeof data16 === "string"){
if(!pattern41.test(data16)){
const err43 = {instancePath:instancePath+"/where/" + i3+"/column",schemaPath:"#/$defs/sqlName/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_][A-Za-z0-9_$]*(\\.[A-Za-z_][A-Za-z0-9_$]*)*$"},message:"must match pattern \""+"^[A-Za-z_][A-Za-z0-9_$]*(\\.[A-Za-z_][A-Za-z0-9_$]*)*$"+"\""};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
else {
const err44 = {instancePath:instancePath+"/where/" + i3+"/column",schemaPath:"#/$defs/sqlName/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
if(data15.op !== undefined){
let data17 = data15.op;
if(!((((((((data17 === "=") || (data17 === "<>")) || (data17 === "<")) || (data17 === "<=")) || (data17 === ">")) || (data17 === ">=")) || (data17 === "like")) || (data17 === "ilike"))){
const err45 = {instancePath:instancePath+"/where/" + i3+"/op",schemaPath:"#/properties/where/items/properties/op/enum",keyword:"enum",params:{allowedValues: schema68.properties.where.items.properties.op.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
if(data15.input !== undefined){
let data18 = data15.input;
if(typeof data18 === "string"){
if(!pattern40.test(data18)){
const err46 = {instancePath:instancePath+"/where/" + i3+"/input",schemaPath:"#/$defs/sqlInputRef/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_$][A-Za-z0-9_$]*$"},message:"must match pattern \""+"^[A-Za-z_$][A-Za-z0-9_$]*$"+"\""};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
else {
const err47 = {instancePath:instancePath+"/where/" + i3+"/input",schemaPath:"#/$defs/sqlInputRef/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
if(data15.value !== undefined){
let data19 = data15.value;
if(((typeof data19 !== "string") && (!(typeof data19 == "number"))) && (typeof data19 !== "boolean")){
const err48 = {instancePath:instancePath+"/where/" + i3+"/value",schemaPath:"#/properties/where/items/properties/value/type",keyword:"type",params:{type: schema68.properties.where.items.properties.value.type},message:"must be string,number,boolean"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
if(data15.when !== undefined){
let data20 = data15.when;
if(typeof data20 === "string"){
if(func2(data20) < 1){
const err49 = {instancePath:instancePath+"/where/" + i3+"/when",schemaPath:"#/properties/where/items/properties/when/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
else {
const err50 = {instancePath:instancePath+"/where/" + i3+"/when",schemaPath:"#/properties/where/items/properties/when/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
}
else {
const err51 = {instancePath:instancePath+"/where/" + i3,schemaPath:"#/properties/where/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
}
else {
const err52 = {instancePath:instancePath+"/where",schemaPath:"#/properties/where/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
if(data.order_by !== undefined){
let data21 = data.order_by;
if(Array.isArray(data21)){
const len5 = data21.length;
for(let i4=0; i4<len5; i4++){
let data22 = data21[i4];
if(typeof data22 === "string"){
if(!pattern41.test(data22)){
const err53 = {instancePath:instancePath+"/order_by/" + i4,schemaPath:"#/$defs/sqlName/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_][A-Za-z0-9_$]*(\\.[A-Za-z_][A-Za-z0-9_$]*)*$"},message:"must match pattern \""+"^[A-Za-z_][A-Za-z0-9_$]*(\\.[A-Za-z_][A-Za-z0-9_$]*)*$"+"\""};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
else {
const err54 = {instancePath:instancePath+"/order_by/" + i4,schemaPath:"#/$defs/sqlName/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
}
else {
const err55 = {instancePath:instancePath+"/order_by",schemaPath:"#/properties/order_by/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
if(data.limit !== undefined){
let data23 = data.limit;
if(typeof data23 === "string"){
if(!pattern40.test(data23)){
const err56 = {instancePath:instancePath+"/limit",schemaPath:"#/$defs/sqlInputRef/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_$][A-Za-z0-9_$]*$"},message:"must match pattern \""+"^[A-Za-z_$][A-Za-z0-9_$]*$"+"\""};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
else {
const err57 = {instancePath:instancePath+"/limit",schemaPath:"#/$defs/sqlInputRef/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
}
else {
const err58 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
validate42.errors = vErrors;
return errors === 0;
}
validate42.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema79 = {"title":"SHOW command","description":"A SHOW command built from ordered clauses. SHOW cannot take bind variables, so operands are quoted identifiers, escaped literals or validated keywords. A clause with an operand is emitted only when its input is present and its `when` holds.","type":"object","additionalProperties":false,"required":["show"],"properties":{"show":{"title":"Clauses","description":"The clauses after `SHOW`, in order.","type":"array","minItems":1,"items":{"title":"Clause","description":"Keywords and at most one operand.","type":"object","additionalProperties":false,"minProperties":1,"properties":{"text":{"title":"Keywords","description":"Fixed upper-case keywords of the clause (`SCHEMAS`, `IN DATABASE`, `LIKE`), emitted before the operand.","type":"string","pattern":"^[A-Z]+( [A-Z_]+)*$","examples":["IN DATABASE","LIKE"]},"ident":{"title":"Identifier operand","description":"Input emitted as one double-quoted identifier (inner quotes doubled).","$ref":"#/$defs/sqlInputRef","examples":["database_name"]},"qualified":{"title":"Qualified name operand","description":"Inputs emitted as a dotted name of quoted identifiers; absent parts are left out and the clause needs the last one.","type":"array","minItems":1,"items":{"$ref":"#/$defs/sqlInputRef"},"examples":[["database_name","schema_name","table_name"]]},"name":{"title":"Dotted name operand","description":"Input holding a dotted object name typed by the caller (`db.schema.\"My.Table\"`); every part is emitted quoted.","$ref":"#/$defs/sqlInputRef","examples":["object_name"]},"literal":{"title":"String literal operand","description":"Input emitted as a single-quoted string literal with quotes and backslashes escaped (for LIKE patterns, which SHOW cannot bind).","$ref":"#/$defs/sqlInputRef","examples":["like_pattern"]},"keyword":{"title":"Keyword operand","description":"Input holding SQL keywords (letters, `_` and single spaces, e.g. `table` or `materialized view`), emitted upper-cased; anything else is refused as invalid input.","$ref":"#/$defs/sqlInputRef","examples":["object_type"]},"when":{"title":"Condition","description":"A JSON-e expression over the inputs; the part is emitted only when it is true (absent optional inputs are undefined: test them with `defined(\"name\")`, negated as `!(defined(\"name\"))` since `!` binds before the call).","type":"string","minLength":1,"examples":["object_type == \"schemas\"","!(defined(\"table_name\"))"]}},"examples":[{"text":"LIKE","literal":"like_pattern"}]},"examples":[[{"text":"WAREHOUSES"},{"text":"LIKE","literal":"like_pattern"}]]}},"examples":[{"show":[{"text":"SCHEMAS"},{"text":"LIKE","literal":"like_pattern"},{"text":"IN DATABASE","ident":"database_name"}]}]};
const pattern53 = new RegExp("^[A-Z]+( [A-Z_]+)*$", "u");

function validate44(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate44.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.show === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "show"},message:"must have required property '"+"show"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 in data){
if(!(key0 === "show")){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.show !== undefined){
let data0 = data.show;
if(Array.isArray(data0)){
if(data0.length < 1){
const err2 = {instancePath:instancePath+"/show",schemaPath:"#/properties/show/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
const len0 = data0.length;
for(let i0=0; i0<len0; i0++){
let data1 = data0[i0];
if(data1 && typeof data1 == "object" && !Array.isArray(data1)){
if(Object.keys(data1).length < 1){
const err3 = {instancePath:instancePath+"/show/" + i0,schemaPath:"#/properties/show/items/minProperties",keyword:"minProperties",params:{limit: 1},message:"must NOT have fewer than 1 properties"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
for(const key1 in data1){
if(!(((((((key1 === "text") || (key1 === "ident")) || (key1 === "qualified")) || (key1 === "name")) || (key1 === "literal")) || (key1 === "keyword")) || (key1 === "when"))){
const err4 = {instancePath:instancePath+"/show/" + i0,schemaPath:"#/properties/show/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data1.text !== undefined){
let data2 = data1.text;
if(typeof data2 === "string"){
if(!pattern53.test(data2)){
const err5 = {instancePath:instancePath+"/show/" + i0+"/text",schemaPath:"#/properties/show/items/properties/text/pattern",keyword:"pattern",params:{pattern: "^[A-Z]+( [A-Z_]+)*$"},message:"must match pattern \""+"^[A-Z]+( [A-Z_]+)*$"+"\""};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/show/" + i0+"/text",schemaPath:"#/properties/show/items/properties/text/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data1.ident !== undefined){
let data3 = data1.ident;
if(typeof data3 === "string"){
if(!pattern40.test(data3)){
const err7 = {instancePath:instancePath+"/show/" + i0+"/ident",schemaPath:"#/$defs/sqlInputRef/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_$][A-Za-z0-9_$]*$"},message:"must match pattern \""+"^[A-Za-z_$][A-Za-z0-9_$]*$"+"\""};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/show/" + i0+"/ident",schemaPath:"#/$defs/sqlInputRef/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data1.qualified !== undefined){
let data4 = data1.qualified;
if(Array.isArray(data4)){
if(data4.length < 1){
const err9 = {instancePath:instancePath+"/show/" + i0+"/qualified",schemaPath:"#/properties/show/items/properties/qualified/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
const len1 = data4.length;
for(let i1=0; i1<len1; i1++){
let data5 = data4[i1];
if(typeof data5 === "string"){
if(!pattern40.test(data5)){
const err10 = {instancePath:instancePath+"/show/" + i0+"/qualified/" + i1,schemaPath:"#/$defs/sqlInputRef/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_$][A-Za-z0-9_$]*$"},message:"must match pattern \""+"^[A-Za-z_$][A-Za-z0-9_$]*$"+"\""};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/show/" + i0+"/qualified/" + i1,schemaPath:"#/$defs/sqlInputRef/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
}
else {
const err12 = {instancePath:instancePath+"/show/" + i0+"/qualified",schemaPath:"#/properties/show/items/properties/qualified/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data1.name !== undefined){
let data6 = data1.name;
if(typeof data6 === "string"){
if(!pattern40.test(data6)){
const err13 = {instancePath:instancePath+"/show/" + i0+"/name",schemaPath:"#/$defs/sqlInputRef/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_$][A-Za-z0-9_$]*$"},message:"must match pattern \""+"^[A-Za-z_$][A-Za-z0-9_$]*$"+"\""};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
else {
const err14 = {instancePath:instancePath+"/show/" + i0+"/name",schemaPath:"#/$defs/sqlInputRef/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data1.literal !== undefined){
let data7 = data1.literal;
if(typeof data7 === "string"){
if(!pattern40.test(data7)){
const err15 = {instancePath:instancePath+"/show/" + i0+"/literal",schemaPath:"#/$defs/sqlInputRef/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_$][A-Za-z0-9_$]*$"},message:"must match pattern \""+"^[A-Za-z_$][A-Za-z0-9_$]*$"+"\""};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
else {
const err16 = {instancePath:instancePath+"/show/" + i0+"/literal",schemaPath:"#/$defs/sqlInputRef/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data1.keyword !== undefined){
let data8 = data1.keyword;
if(typeof data8 === "string"){
if(!pattern40.test(data8)){
const err17 = {instancePath:instancePath+"/show/" + i0+"/keyword",schemaPath:"#/$defs/sqlInputRef/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_$][A-Za-z0-9_$]*$"},message:"must match pattern \""+"^[A-Za-z_$][A-Za-z0-9_$]*$"+"\""};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
else {
const err18 = {instancePath:instancePath+"/show/" + i0+"/keyword",schemaPath:"#/$defs/sqlInputRef/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data1.when !== undefined){
let data9 = data1.when;
if(typeof data9 === "string"){
if(func2(data9) < 1){
const err19 = {instancePath:instancePath+"/show/" + i0+"/when",schemaPath:"#/properties/show/items/properties/when/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
else {
const err20 = {instancePath:instancePath+"/show/" + i0+"/when",schemaPath:"#/properties/show/items/properties/when/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
}
else {
const err21 = {instancePath:instancePath+"/show/" + i0,schemaPath:"#/properties/show/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
}
else {
const err22 = {instancePath:instancePath+"/show",schemaPath:"#/properties/show/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
}
else {
const err23 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
validate44.errors = vErrors;
return errors === 0;
}
validate44.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate41(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate41.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs0 = errors;
let valid0 = false;
let passing0 = null;
const _errs1 = errors;
if(!(validate42(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate42.errors : vErrors.concat(validate42.errors);
errors = vErrors.length;
}
var _valid0 = _errs1 === errors;
if(_valid0){
valid0 = true;
passing0 = 0;
var props0 = true;
}
const _errs2 = errors;
if(!(validate44(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate44.errors : vErrors.concat(validate44.errors);
errors = vErrors.length;
}
var _valid0 = _errs2 === errors;
if(_valid0 && valid0){
valid0 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid0 = true;
passing0 = 1;
if(props0 !== true){
props0 = true;
}
}
}
if(!valid0){
const err0 = {instancePath,schemaPath:"#/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
else {
errors = _errs0;
if(vErrors !== null){
if(_errs0){
vErrors.length = _errs0;
}
else {
vErrors = null;
}
}
}
validate41.errors = vErrors;
evaluated0.props = props0;
return errors === 0;
}
validate41.evaluated = {"dynamicProps":true,"dynamicItems":false};

const schema87 = {"title":"Example","description":"One worked call: the input, the exact vendor request it must produce, a vendor-shaped response and the mapped output. Examples are tests, docs and the sandbox's answers; `validate` checks the input against the tool, runs the tool's dry run against `request` and checks `output` against the output schema. Only what is particular to the example is written: the request's method is the tool's, its headers include the set's and the tool's, the response status is 200, and `output` has a default (see there).","type":"object","additionalProperties":false,"if":{"required":["$ref"]},"else":{"required":["name","response"]},"properties":{"$ref":{"title":"Same as another tool's example","description":"`#/tools/<name>/examples/<i>`: this example is that example of another tool of the set's `tools:` list (its `#/samples/` references resolved as usual), the keys written beside `$ref` (a `name`, an `input`...) overriding its top-level keys. For tools that take the same call, such as an alias and the tool it names.","type":"string","pattern":"^#/tools/[^/]+/examples/[0-9]+$","examples":["#/tools/crm_patch_record/examples/0"]},"name":{"title":"Example name","description":"Short name of the branch this example covers.","type":"string","examples":["by database"]},"input":{"title":"Input","description":"The tool input; `{}` when left out (a tool without inputs).","type":"object","examples":[{"page_id":"59833787-2cf9-4fdf-8782-e53db20768a5"}]},"request":{"title":"Expected request","description":"The vendor request the input must produce. May be left out when it says nothing beyond the tool's method and a path that follows from the input (see `path`).","type":"object","additionalProperties":false,"required":[],"properties":{"method":{"title":"Method","description":"HTTP method; the tool's method when left out.","enum":["GET","POST","PUT","PATCH","DELETE"],"examples":["GET"]},"path":{"title":"Path","description":"Request path (percent-encoded as sent), without the query. When left out: the tool's path, each variable filled with the example's value of the input placed there; written out when a value is percent-encoded (any character but letters, digits, `-`, `.`, `_`, `~`), transformed or computed.","type":"string","examples":["/v1/pages/59833787-2cf9-4fdf-8782-e53db20768a5"]},"query":{"title":"Query","description":"Query parameters; a repeated key is an array.","type":"object","additionalProperties":{"oneOf":[{"type":"string"},{"type":"array","items":{"type":"string"}}]},"examples":[{"page_size":"10"}]},"headers":{"title":"Headers","description":"Headers that must be present with these values (others are not checked). The set's `headers` and the tool's static `headers` are inherited: list only what differs or what the tool adds (a version input's header, for instance).","$ref":"#/$defs/stringMap","examples":[{"Notion-Version":"2025-09-03"}]},"body":{"title":"Body","description":"The JSON body, or null for none.","examples":[{"query":"roadmap"}]}},"examples":[{"method":"GET","path":"/v1/users"}]},"response":{"title":"Vendor response","description":"A vendor-shaped response to that request.","type":"object","additionalProperties":false,"properties":{"status":{"title":"Status","description":"HTTP status.","type":"integer","minimum":100,"maximum":599,"default":200,"examples":[200]},"headers":{"title":"Headers","description":"Response headers.","$ref":"#/$defs/stringMap","examples":[{"Content-Type":"application/json"}]},"body":{"title":"Body","description":"The JSON body, or null for none.","examples":[{"object":"page"}]}},"examples":[{"status":200,"body":{}}]},"output":{"title":"Output","description":"The mapped output the tool returns. May be left out when the tool's output is the answer as is: for a tool without paging whose response map is absent or a projection (`{$eval: body.data}`, `{$eval: 'omit(body, [\"@odata.context\"])'}`, or an object of such parts, `{items: {$eval: body.data}}`; also when inherited from the set's `response.map`), the example expects the response body as that map returns it; for a paged tool that maps nothing, the last page, `{items: <the items at the paging style's pointer>, next_cursor: null, has_more: false}`. Write it whenever the tool reshapes the answer or the page is not the last.","examples":[{"object":"page"}]}},"examples":[{"name":"basic","input":{},"request":{"method":"GET","path":"/v1/users"},"response":{"status":200,"body":{}},"output":{}}]};
const pattern61 = new RegExp("^#/tools/[^/]+/examples/[0-9]+$", "u");

function validate47(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate47.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs1 = errors;
let valid0 = true;
const _errs2 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((data.$ref === undefined) && (missing0 = "$ref")){
const err0 = {};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
var _valid0 = _errs2 === errors;
errors = _errs1;
if(vErrors !== null){
if(_errs1){
vErrors.length = _errs1;
}
else {
vErrors = null;
}
}
if(!_valid0){
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name === undefined){
const err1 = {instancePath,schemaPath:"#/else/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.response === undefined){
const err2 = {instancePath,schemaPath:"#/else/required",keyword:"required",params:{missingProperty: "response"},message:"must have required property '"+"response"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
var _valid0 = _errs3 === errors;
valid0 = _valid0;
}
if(!valid0){
const err3 = {instancePath,schemaPath:"#/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!((((((key0 === "$ref") || (key0 === "name")) || (key0 === "input")) || (key0 === "request")) || (key0 === "response")) || (key0 === "output"))){
const err4 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.$ref !== undefined){
let data0 = data.$ref;
if(typeof data0 === "string"){
if(!pattern61.test(data0)){
const err5 = {instancePath:instancePath+"/$ref",schemaPath:"#/properties/%24ref/pattern",keyword:"pattern",params:{pattern: "^#/tools/[^/]+/examples/[0-9]+$"},message:"must match pattern \""+"^#/tools/[^/]+/examples/[0-9]+$"+"\""};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/$ref",schemaPath:"#/properties/%24ref/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.name !== undefined){
if(typeof data.name !== "string"){
const err7 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.input !== undefined){
let data2 = data.input;
if(!(data2 && typeof data2 == "object" && !Array.isArray(data2))){
const err8 = {instancePath:instancePath+"/input",schemaPath:"#/properties/input/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.request !== undefined){
let data3 = data.request;
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
for(const key1 in data3){
if(!(((((key1 === "method") || (key1 === "path")) || (key1 === "query")) || (key1 === "headers")) || (key1 === "body"))){
const err9 = {instancePath:instancePath+"/request",schemaPath:"#/properties/request/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data3.method !== undefined){
let data4 = data3.method;
if(!(((((data4 === "GET") || (data4 === "POST")) || (data4 === "PUT")) || (data4 === "PATCH")) || (data4 === "DELETE"))){
const err10 = {instancePath:instancePath+"/request/method",schemaPath:"#/properties/request/properties/method/enum",keyword:"enum",params:{allowedValues: schema87.properties.request.properties.method.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data3.path !== undefined){
if(typeof data3.path !== "string"){
const err11 = {instancePath:instancePath+"/request/path",schemaPath:"#/properties/request/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data3.query !== undefined){
let data6 = data3.query;
if(data6 && typeof data6 == "object" && !Array.isArray(data6)){
for(const key2 in data6){
let data7 = data6[key2];
const _errs21 = errors;
let valid4 = false;
let passing0 = null;
const _errs22 = errors;
if(typeof data7 !== "string"){
const err12 = {instancePath:instancePath+"/request/query/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/request/properties/query/additionalProperties/oneOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
var _valid1 = _errs22 === errors;
if(_valid1){
valid4 = true;
passing0 = 0;
}
const _errs24 = errors;
if(Array.isArray(data7)){
const len0 = data7.length;
for(let i0=0; i0<len0; i0++){
if(typeof data7[i0] !== "string"){
const err13 = {instancePath:instancePath+"/request/query/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/" + i0,schemaPath:"#/properties/request/properties/query/additionalProperties/oneOf/1/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
}
else {
const err14 = {instancePath:instancePath+"/request/query/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/request/properties/query/additionalProperties/oneOf/1/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
var _valid1 = _errs24 === errors;
if(_valid1 && valid4){
valid4 = false;
passing0 = [passing0, 1];
}
else {
if(_valid1){
valid4 = true;
passing0 = 1;
}
}
if(!valid4){
const err15 = {instancePath:instancePath+"/request/query/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/request/properties/query/additionalProperties/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
else {
errors = _errs21;
if(vErrors !== null){
if(_errs21){
vErrors.length = _errs21;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err16 = {instancePath:instancePath+"/request/query",schemaPath:"#/properties/request/properties/query/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data3.headers !== undefined){
let data9 = data3.headers;
if(data9 && typeof data9 == "object" && !Array.isArray(data9)){
for(const key3 in data9){
if(typeof data9[key3] !== "string"){
const err17 = {instancePath:instancePath+"/request/headers/" + key3.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/stringMap/additionalProperties/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
}
else {
const err18 = {instancePath:instancePath+"/request/headers",schemaPath:"#/$defs/stringMap/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
}
else {
const err19 = {instancePath:instancePath+"/request",schemaPath:"#/properties/request/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.response !== undefined){
let data11 = data.response;
if(data11 && typeof data11 == "object" && !Array.isArray(data11)){
for(const key4 in data11){
if(!(((key4 === "status") || (key4 === "headers")) || (key4 === "body"))){
const err20 = {instancePath:instancePath+"/response",schemaPath:"#/properties/response/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data11.status !== undefined){
let data12 = data11.status;
if(!((typeof data12 == "number") && (!(data12 % 1) && !isNaN(data12)))){
const err21 = {instancePath:instancePath+"/response/status",schemaPath:"#/properties/response/properties/status/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(typeof data12 == "number"){
if(data12 > 599 || isNaN(data12)){
const err22 = {instancePath:instancePath+"/response/status",schemaPath:"#/properties/response/properties/status/maximum",keyword:"maximum",params:{comparison: "<=", limit: 599},message:"must be <= 599"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if(data12 < 100 || isNaN(data12)){
const err23 = {instancePath:instancePath+"/response/status",schemaPath:"#/properties/response/properties/status/minimum",keyword:"minimum",params:{comparison: ">=", limit: 100},message:"must be >= 100"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
}
if(data11.headers !== undefined){
let data13 = data11.headers;
if(data13 && typeof data13 == "object" && !Array.isArray(data13)){
for(const key5 in data13){
if(typeof data13[key5] !== "string"){
const err24 = {instancePath:instancePath+"/response/headers/" + key5.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/stringMap/additionalProperties/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
}
else {
const err25 = {instancePath:instancePath+"/response/headers",schemaPath:"#/$defs/stringMap/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
}
else {
const err26 = {instancePath:instancePath+"/response",schemaPath:"#/properties/response/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
}
else {
const err27 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
validate47.errors = vErrors;
return errors === 0;
}
validate47.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate39(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate39.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs1 = errors;
let valid0 = true;
const _errs2 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((data.$ref === undefined) && (missing0 = "$ref")){
const err0 = {};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
var _valid0 = _errs2 === errors;
errors = _errs1;
if(vErrors !== null){
if(_errs1){
vErrors.length = _errs1;
}
else {
vErrors = null;
}
}
let ifClause0;
if(_valid0){
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name === undefined){
const err1 = {instancePath,schemaPath:"#/then/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
var _valid0 = _errs3 === errors;
valid0 = _valid0;
ifClause0 = "then";
}
else {
const _errs4 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name === undefined){
const err2 = {instancePath,schemaPath:"#/else/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.title === undefined){
const err3 = {instancePath,schemaPath:"#/else/required",keyword:"required",params:{missingProperty: "title"},message:"must have required property '"+"title"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.description === undefined){
const err4 = {instancePath,schemaPath:"#/else/required",keyword:"required",params:{missingProperty: "description"},message:"must have required property '"+"description"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.effects === undefined){
const err5 = {instancePath,schemaPath:"#/else/required",keyword:"required",params:{missingProperty: "effects"},message:"must have required property '"+"effects"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.method === undefined){
const err6 = {instancePath,schemaPath:"#/else/required",keyword:"required",params:{missingProperty: "method"},message:"must have required property '"+"method"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.path === undefined){
const err7 = {instancePath,schemaPath:"#/else/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data.examples === undefined){
const err8 = {instancePath,schemaPath:"#/else/required",keyword:"required",params:{missingProperty: "examples"},message:"must have required property '"+"examples"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
var _valid0 = _errs4 === errors;
valid0 = _valid0;
ifClause0 = "else";
}
if(!valid0){
const err9 = {instancePath,schemaPath:"#/if",keyword:"if",params:{failingKeyword: ifClause0},message:"must match \""+ifClause0+"\" schema"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!(func1.call(schema64.properties, key0))){
const err10 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.$ref !== undefined){
let data0 = data.$ref;
if(typeof data0 === "string"){
if(!pattern37.test(data0)){
const err11 = {instancePath:instancePath+"/$ref",schemaPath:"#/properties/%24ref/pattern",keyword:"pattern",params:{pattern: "^#/tools/[^/]+$"},message:"must match pattern \""+"^#/tools/[^/]+$"+"\""};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
else {
const err12 = {instancePath:instancePath+"/$ref",schemaPath:"#/properties/%24ref/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.name !== undefined){
let data1 = data.name;
if(typeof data1 === "string"){
if(func2(data1) > 64){
const err13 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(!pattern38.test(data1)){
const err14 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9_{}]*$"},message:"must match pattern \""+"^[a-z][a-z0-9_{}]*$"+"\""};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
else {
const err15 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.title !== undefined){
let data2 = data.title;
if(typeof data2 === "string"){
if(func2(data2) < 1){
const err16 = {instancePath:instancePath+"/title",schemaPath:"#/properties/title/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
else {
const err17 = {instancePath:instancePath+"/title",schemaPath:"#/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.description !== undefined){
let data3 = data.description;
if(typeof data3 === "string"){
if(func2(data3) < 1){
const err18 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
else {
const err19 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.keywords !== undefined){
let data4 = data.keywords;
if(Array.isArray(data4)){
const len0 = data4.length;
for(let i0=0; i0<len0; i0++){
let data5 = data4[i0];
if(typeof data5 === "string"){
if(func2(data5) < 1){
const err20 = {instancePath:instancePath+"/keywords/" + i0,schemaPath:"#/properties/keywords/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
else {
const err21 = {instancePath:instancePath+"/keywords/" + i0,schemaPath:"#/properties/keywords/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
let i1 = data4.length;
let j0;
if(i1 > 1){
const indices0 = {};
for(;i1--;){
let item0 = data4[i1];
if(typeof item0 !== "string"){
continue;
}
if(typeof indices0[item0] == "number"){
j0 = indices0[item0];
const err22 = {instancePath:instancePath+"/keywords",schemaPath:"#/properties/keywords/uniqueItems",keyword:"uniqueItems",params:{i: i1, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i1+" are identical)"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
break;
}
indices0[item0] = i1;
}
}
}
else {
const err23 = {instancePath:instancePath+"/keywords",schemaPath:"#/properties/keywords/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data.aliases !== undefined){
let data6 = data.aliases;
if(Array.isArray(data6)){
const len1 = data6.length;
for(let i2=0; i2<len1; i2++){
let data7 = data6[i2];
if(typeof data7 === "string"){
if(func2(data7) < 1){
const err24 = {instancePath:instancePath+"/aliases/" + i2,schemaPath:"#/properties/aliases/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
else {
const err25 = {instancePath:instancePath+"/aliases/" + i2,schemaPath:"#/properties/aliases/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
let i3 = data6.length;
let j1;
if(i3 > 1){
const indices1 = {};
for(;i3--;){
let item1 = data6[i3];
if(typeof item1 !== "string"){
continue;
}
if(typeof indices1[item1] == "number"){
j1 = indices1[item1];
const err26 = {instancePath:instancePath+"/aliases",schemaPath:"#/properties/aliases/uniqueItems",keyword:"uniqueItems",params:{i: i3, j: j1},message:"must NOT have duplicate items (items ## "+j1+" and "+i3+" are identical)"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
break;
}
indices1[item1] = i3;
}
}
}
else {
const err27 = {instancePath:instancePath+"/aliases",schemaPath:"#/properties/aliases/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data.effects !== undefined){
let data8 = data.effects;
const _errs23 = errors;
let valid8 = false;
let passing0 = null;
const _errs24 = errors;
if(!((((data8 === "read") || (data8 === "create")) || (data8 === "update")) || (data8 === "delete"))){
const err28 = {instancePath:instancePath+"/effects",schemaPath:"#/properties/effects/oneOf/0/enum",keyword:"enum",params:{allowedValues: schema64.properties.effects.oneOf[0].enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
var _valid1 = _errs24 === errors;
if(_valid1){
valid8 = true;
passing0 = 0;
}
const _errs25 = errors;
if(Array.isArray(data8)){
if(data8.length < 1){
const err29 = {instancePath:instancePath+"/effects",schemaPath:"#/properties/effects/oneOf/1/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
const len2 = data8.length;
for(let i4=0; i4<len2; i4++){
let data9 = data8[i4];
if(!((((data9 === "read") || (data9 === "create")) || (data9 === "update")) || (data9 === "delete"))){
const err30 = {instancePath:instancePath+"/effects/" + i4,schemaPath:"#/properties/effects/oneOf/1/items/enum",keyword:"enum",params:{allowedValues: schema64.properties.effects.oneOf[1].items.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
let i5 = data8.length;
let j2;
if(i5 > 1){
outer0:
for(;i5--;){
for(j2 = i5; j2--;){
if(func0(data8[i5], data8[j2])){
const err31 = {instancePath:instancePath+"/effects",schemaPath:"#/properties/effects/oneOf/1/uniqueItems",keyword:"uniqueItems",params:{i: i5, j: j2},message:"must NOT have duplicate items (items ## "+j2+" and "+i5+" are identical)"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
break outer0;
}
}
}
}
}
else {
const err32 = {instancePath:instancePath+"/effects",schemaPath:"#/properties/effects/oneOf/1/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
var _valid1 = _errs25 === errors;
if(_valid1 && valid8){
valid8 = false;
passing0 = [passing0, 1];
}
else {
if(_valid1){
valid8 = true;
passing0 = 1;
}
}
if(!valid8){
const err33 = {instancePath:instancePath+"/effects",schemaPath:"#/properties/effects/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
else {
errors = _errs23;
if(vErrors !== null){
if(_errs23){
vErrors.length = _errs23;
}
else {
vErrors = null;
}
}
}
}
if(data.idempotent !== undefined){
if(typeof data.idempotent !== "boolean"){
const err34 = {instancePath:instancePath+"/idempotent",schemaPath:"#/properties/idempotent/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
if(data.method !== undefined){
let data11 = data.method;
if(!(((((data11 === "GET") || (data11 === "POST")) || (data11 === "PUT")) || (data11 === "PATCH")) || (data11 === "DELETE"))){
const err35 = {instancePath:instancePath+"/method",schemaPath:"#/properties/method/enum",keyword:"enum",params:{allowedValues: schema64.properties.method.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
if(data.path !== undefined){
let data12 = data.path;
if(typeof data12 === "string"){
if(!pattern39.test(data12)){
const err36 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/pattern",keyword:"pattern",params:{pattern: "^/"},message:"must match pattern \""+"^/"+"\""};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
else {
const err37 = {instancePath:instancePath+"/path",schemaPath:"#/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data.headers !== undefined){
let data13 = data.headers;
if(data13 && typeof data13 == "object" && !Array.isArray(data13)){
for(const key1 in data13){
if(typeof data13[key1] !== "string"){
const err38 = {instancePath:instancePath+"/headers/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/stringMap/additionalProperties/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
}
else {
const err39 = {instancePath:instancePath+"/headers",schemaPath:"#/$defs/stringMap/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
if(data.query !== undefined){
let data15 = data.query;
if(data15 && typeof data15 == "object" && !Array.isArray(data15)){
for(const key2 in data15){
if(typeof data15[key2] !== "string"){
const err40 = {instancePath:instancePath+"/query/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/stringMap/additionalProperties/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
}
else {
const err41 = {instancePath:instancePath+"/query",schemaPath:"#/$defs/stringMap/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
if(data.inputs !== undefined){
let data17 = data.inputs;
if(data17 && typeof data17 == "object" && !Array.isArray(data17)){
for(const key3 in data17){
const _errs47 = errors;
if(typeof key3 === "string"){
if(!pattern40.test(key3)){
const err42 = {instancePath:instancePath+"/inputs",schemaPath:"#/properties/inputs/propertyNames/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_$][A-Za-z0-9_$]*$"},message:"must match pattern \""+"^[A-Za-z_$][A-Za-z0-9_$]*$"+"\"",propertyName:key3};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
var valid16 = _errs47 === errors;
if(!valid16){
const err43 = {instancePath:instancePath+"/inputs",schemaPath:"#/properties/inputs/propertyNames",keyword:"propertyNames",params:{propertyName: key3},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
for(const key4 in data17){
if(!(validate37(data17[key4], {instancePath:instancePath+"/inputs/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"),parentData:data17,parentDataProperty:key4,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate37.errors : vErrors.concat(validate37.errors);
errors = vErrors.length;
}
}
}
else {
const err44 = {instancePath:instancePath+"/inputs",schemaPath:"#/properties/inputs/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
if(data.constraints !== undefined){
let data19 = data.constraints;
if(!(data19 && typeof data19 == "object" && !Array.isArray(data19))){
const err45 = {instancePath:instancePath+"/constraints",schemaPath:"#/properties/constraints/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
if(data.encoding !== undefined){
let data20 = data.encoding;
if(!(((((((data20 === "json") || (data20 === "none")) || (data20 === "sql")) || (data20 === "form")) || (data20 === "multipart")) || (data20 === "graphql")) || (data20 === "raw"))){
const err46 = {instancePath:instancePath+"/encoding",schemaPath:"#/properties/encoding/enum",keyword:"enum",params:{allowedValues: schema64.properties.encoding.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
if(data.sql !== undefined){
if(!(validate41(data.sql, {instancePath:instancePath+"/sql",parentData:data,parentDataProperty:"sql",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate41.errors : vErrors.concat(validate41.errors);
errors = vErrors.length;
}
}
if(data.response !== undefined){
let data22 = data.response;
if(data22 && typeof data22 == "object" && !Array.isArray(data22)){
for(const key5 in data22){
if(!(((((key5 === "format") || (key5 === "map")) || (key5 === "items")) || (key5 === "empty")) || (key5 === "schema"))){
const err47 = {instancePath:instancePath+"/response",schemaPath:"#/properties/response/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key5},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
if(data22.format !== undefined){
let data23 = data22.format;
if(!((data23 === "json") || (data23 === "text"))){
const err48 = {instancePath:instancePath+"/response/format",schemaPath:"#/properties/response/properties/format/enum",keyword:"enum",params:{allowedValues: schema64.properties.response.properties.format.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
if(data22.schema !== undefined){
let data24 = data22.schema;
if(!(data24 && typeof data24 == "object" && !Array.isArray(data24))){
const err49 = {instancePath:instancePath+"/response/schema",schemaPath:"#/properties/response/properties/schema/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
}
else {
const err50 = {instancePath:instancePath+"/response",schemaPath:"#/properties/response/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
if(data.paging !== undefined){
if(typeof data.paging !== "string"){
const err51 = {instancePath:instancePath+"/paging",schemaPath:"#/properties/paging/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
if(data.poll !== undefined){
let data26 = data.poll;
if(data26 && typeof data26 == "object" && !Array.isArray(data26)){
if(data26.while_status === undefined){
const err52 = {instancePath:instancePath+"/poll",schemaPath:"#/properties/poll/required",keyword:"required",params:{missingProperty: "while_status"},message:"must have required property '"+"while_status"+"'"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
if(data26.path === undefined){
const err53 = {instancePath:instancePath+"/poll",schemaPath:"#/properties/poll/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
if(data26.handle === undefined){
const err54 = {instancePath:instancePath+"/poll",schemaPath:"#/properties/poll/required",keyword:"required",params:{missingProperty: "handle"},message:"must have required property '"+"handle"+"'"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
for(const key6 in data26){
if(!(func1.call(schema64.properties.poll.properties, key6))){
const err55 = {instancePath:instancePath+"/poll",schemaPath:"#/properties/poll/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key6},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
if(data26.while_status !== undefined){
let data27 = data26.while_status;
if(Array.isArray(data27)){
const len3 = data27.length;
for(let i6=0; i6<len3; i6++){
let data28 = data27[i6];
if(!((typeof data28 == "number") && (!(data28 % 1) && !isNaN(data28)))){
const err56 = {instancePath:instancePath+"/poll/while_status/" + i6,schemaPath:"#/properties/poll/properties/while_status/items/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
}
else {
const err57 = {instancePath:instancePath+"/poll/while_status",schemaPath:"#/properties/poll/properties/while_status/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
if(data26.path !== undefined){
if(typeof data26.path !== "string"){
const err58 = {instancePath:instancePath+"/poll/path",schemaPath:"#/properties/poll/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
if(data26.method !== undefined){
let data30 = data26.method;
if(!((data30 === "GET") || (data30 === "POST"))){
const err59 = {instancePath:instancePath+"/poll/method",schemaPath:"#/properties/poll/properties/method/enum",keyword:"enum",params:{allowedValues: schema64.properties.poll.properties.method.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
if(data26.handle !== undefined){
let data31 = data26.handle;
if(typeof data31 === "string"){
if(!pattern13.test(data31)){
const err60 = {instancePath:instancePath+"/poll/handle",schemaPath:"#/$defs/pointer/pattern",keyword:"pattern",params:{pattern: "^(/.*)?$"},message:"must match pattern \""+"^(/.*)?$"+"\""};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
else {
const err61 = {instancePath:instancePath+"/poll/handle",schemaPath:"#/$defs/pointer/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
}
if(data26.interval_ms !== undefined){
let data32 = data26.interval_ms;
if(!((typeof data32 == "number") && (!(data32 % 1) && !isNaN(data32)))){
const err62 = {instancePath:instancePath+"/poll/interval_ms",schemaPath:"#/properties/poll/properties/interval_ms/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
if(typeof data32 == "number"){
if(data32 < 1 || isNaN(data32)){
const err63 = {instancePath:instancePath+"/poll/interval_ms",schemaPath:"#/properties/poll/properties/interval_ms/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
}
}
if(data26.max_interval_ms !== undefined){
let data33 = data26.max_interval_ms;
if(!((typeof data33 == "number") && (!(data33 % 1) && !isNaN(data33)))){
const err64 = {instancePath:instancePath+"/poll/max_interval_ms",schemaPath:"#/properties/poll/properties/max_interval_ms/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
if(typeof data33 == "number"){
if(data33 < 1 || isNaN(data33)){
const err65 = {instancePath:instancePath+"/poll/max_interval_ms",schemaPath:"#/properties/poll/properties/max_interval_ms/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
}
}
if(data26.multiplier !== undefined){
let data34 = data26.multiplier;
if(typeof data34 == "number"){
if(data34 < 1 || isNaN(data34)){
const err66 = {instancePath:instancePath+"/poll/multiplier",schemaPath:"#/properties/poll/properties/multiplier/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
}
else {
const err67 = {instancePath:instancePath+"/poll/multiplier",schemaPath:"#/properties/poll/properties/multiplier/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
}
if(data26.timeout_input !== undefined){
if(typeof data26.timeout_input !== "string"){
const err68 = {instancePath:instancePath+"/poll/timeout_input",schemaPath:"#/properties/poll/properties/timeout_input/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
}
if(data26.default_timeout_seconds !== undefined){
let data36 = data26.default_timeout_seconds;
if(!((typeof data36 == "number") && (!(data36 % 1) && !isNaN(data36)))){
const err69 = {instancePath:instancePath+"/poll/default_timeout_seconds",schemaPath:"#/properties/poll/properties/default_timeout_seconds/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
if(typeof data36 == "number"){
if(data36 < 1 || isNaN(data36)){
const err70 = {instancePath:instancePath+"/poll/default_timeout_seconds",schemaPath:"#/properties/poll/properties/default_timeout_seconds/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
}
}
if(data26.skip_when !== undefined){
if(typeof data26.skip_when !== "string"){
const err71 = {instancePath:instancePath+"/poll/skip_when",schemaPath:"#/properties/poll/properties/skip_when/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
}
if(data26.cancel !== undefined){
let data38 = data26.cancel;
if(data38 && typeof data38 == "object" && !Array.isArray(data38)){
if(data38.method === undefined){
const err72 = {instancePath:instancePath+"/poll/cancel",schemaPath:"#/properties/poll/properties/cancel/required",keyword:"required",params:{missingProperty: "method"},message:"must have required property '"+"method"+"'"};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
if(data38.path === undefined){
const err73 = {instancePath:instancePath+"/poll/cancel",schemaPath:"#/properties/poll/properties/cancel/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
for(const key7 in data38){
if(!((key7 === "method") || (key7 === "path"))){
const err74 = {instancePath:instancePath+"/poll/cancel",schemaPath:"#/properties/poll/properties/cancel/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key7},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
}
if(data38.method !== undefined){
let data39 = data38.method;
if(!(((((data39 === "GET") || (data39 === "POST")) || (data39 === "PUT")) || (data39 === "PATCH")) || (data39 === "DELETE"))){
const err75 = {instancePath:instancePath+"/poll/cancel/method",schemaPath:"#/properties/poll/properties/cancel/properties/method/enum",keyword:"enum",params:{allowedValues: schema64.properties.poll.properties.cancel.properties.method.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
}
if(data38.path !== undefined){
if(typeof data38.path !== "string"){
const err76 = {instancePath:instancePath+"/poll/cancel/path",schemaPath:"#/properties/poll/properties/cancel/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
}
}
else {
const err77 = {instancePath:instancePath+"/poll/cancel",schemaPath:"#/properties/poll/properties/cancel/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
}
}
}
else {
const err78 = {instancePath:instancePath+"/poll",schemaPath:"#/properties/poll/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
}
if(data.idempotency !== undefined){
let data41 = data.idempotency;
if(data41 && typeof data41 == "object" && !Array.isArray(data41)){
if(data41.key === undefined){
const err79 = {instancePath:instancePath+"/idempotency",schemaPath:"#/properties/idempotency/required",keyword:"required",params:{missingProperty: "key"},message:"must have required property '"+"key"+"'"};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
for(const key8 in data41){
if(!((key8 === "key") || (key8 === "retry_flag"))){
const err80 = {instancePath:instancePath+"/idempotency",schemaPath:"#/properties/idempotency/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key8},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
}
if(data41.key !== undefined){
if(typeof data41.key !== "string"){
const err81 = {instancePath:instancePath+"/idempotency/key",schemaPath:"#/properties/idempotency/properties/key/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
}
}
if(data41.retry_flag !== undefined){
if(typeof data41.retry_flag !== "string"){
const err82 = {instancePath:instancePath+"/idempotency/retry_flag",schemaPath:"#/properties/idempotency/properties/retry_flag/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err82];
}
else {
vErrors.push(err82);
}
errors++;
}
}
}
else {
const err83 = {instancePath:instancePath+"/idempotency",schemaPath:"#/properties/idempotency/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
}
if(data.handler !== undefined){
let data44 = data.handler;
if(typeof data44 === "string"){
if(!pattern60.test(data44)){
const err84 = {instancePath:instancePath+"/handler",schemaPath:"#/properties/handler/pattern",keyword:"pattern",params:{pattern: "^[a-z][A-Za-z0-9]*$"},message:"must match pattern \""+"^[a-z][A-Za-z0-9]*$"+"\""};
if(vErrors === null){
vErrors = [err84];
}
else {
vErrors.push(err84);
}
errors++;
}
}
else {
const err85 = {instancePath:instancePath+"/handler",schemaPath:"#/properties/handler/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err85];
}
else {
vErrors.push(err85);
}
errors++;
}
}
if(data.timeout_ms !== undefined){
let data45 = data.timeout_ms;
if(!((typeof data45 == "number") && (!(data45 % 1) && !isNaN(data45)))){
const err86 = {instancePath:instancePath+"/timeout_ms",schemaPath:"#/properties/timeout_ms/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err86];
}
else {
vErrors.push(err86);
}
errors++;
}
if(typeof data45 == "number"){
if(data45 < 1 || isNaN(data45)){
const err87 = {instancePath:instancePath+"/timeout_ms",schemaPath:"#/properties/timeout_ms/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err87];
}
else {
vErrors.push(err87);
}
errors++;
}
}
}
if(data.rate_limit !== undefined){
let data46 = data.rate_limit;
if(data46 && typeof data46 == "object" && !Array.isArray(data46)){
if(data46.rate === undefined){
const err88 = {instancePath:instancePath+"/rate_limit",schemaPath:"#/$defs/rateLimit/required",keyword:"required",params:{missingProperty: "rate"},message:"must have required property '"+"rate"+"'"};
if(vErrors === null){
vErrors = [err88];
}
else {
vErrors.push(err88);
}
errors++;
}
for(const key9 in data46){
if(!((key9 === "rate") || (key9 === "burst"))){
const err89 = {instancePath:instancePath+"/rate_limit",schemaPath:"#/$defs/rateLimit/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key9},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err89];
}
else {
vErrors.push(err89);
}
errors++;
}
}
if(data46.rate !== undefined){
let data47 = data46.rate;
if(typeof data47 == "number"){
if(data47 <= 0 || isNaN(data47)){
const err90 = {instancePath:instancePath+"/rate_limit/rate",schemaPath:"#/$defs/rateLimit/properties/rate/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"};
if(vErrors === null){
vErrors = [err90];
}
else {
vErrors.push(err90);
}
errors++;
}
}
else {
const err91 = {instancePath:instancePath+"/rate_limit/rate",schemaPath:"#/$defs/rateLimit/properties/rate/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err91];
}
else {
vErrors.push(err91);
}
errors++;
}
}
if(data46.burst !== undefined){
let data48 = data46.burst;
if(!((typeof data48 == "number") && (!(data48 % 1) && !isNaN(data48)))){
const err92 = {instancePath:instancePath+"/rate_limit/burst",schemaPath:"#/$defs/rateLimit/properties/burst/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err92];
}
else {
vErrors.push(err92);
}
errors++;
}
if(typeof data48 == "number"){
if(data48 < 1 || isNaN(data48)){
const err93 = {instancePath:instancePath+"/rate_limit/burst",schemaPath:"#/$defs/rateLimit/properties/burst/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err93];
}
else {
vErrors.push(err93);
}
errors++;
}
}
}
}
else {
const err94 = {instancePath:instancePath+"/rate_limit",schemaPath:"#/$defs/rateLimit/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err94];
}
else {
vErrors.push(err94);
}
errors++;
}
}
if(data.max_output_bytes !== undefined){
let data49 = data.max_output_bytes;
if(!((typeof data49 == "number") && (!(data49 % 1) && !isNaN(data49)))){
const err95 = {instancePath:instancePath+"/max_output_bytes",schemaPath:"#/properties/max_output_bytes/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err95];
}
else {
vErrors.push(err95);
}
errors++;
}
if(typeof data49 == "number"){
if(data49 < 256 || isNaN(data49)){
const err96 = {instancePath:instancePath+"/max_output_bytes",schemaPath:"#/properties/max_output_bytes/minimum",keyword:"minimum",params:{comparison: ">=", limit: 256},message:"must be >= 256"};
if(vErrors === null){
vErrors = [err96];
}
else {
vErrors.push(err96);
}
errors++;
}
}
}
if(data.schema_version !== undefined){
if(typeof data.schema_version !== "string"){
const err97 = {instancePath:instancePath+"/schema_version",schemaPath:"#/properties/schema_version/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err97];
}
else {
vErrors.push(err97);
}
errors++;
}
}
if(data.tool_version !== undefined){
if(typeof data.tool_version !== "string"){
const err98 = {instancePath:instancePath+"/tool_version",schemaPath:"#/properties/tool_version/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err98];
}
else {
vErrors.push(err98);
}
errors++;
}
}
if(data.examples !== undefined){
let data52 = data.examples;
if(Array.isArray(data52)){
if(data52.length < 1){
const err99 = {instancePath:instancePath+"/examples",schemaPath:"#/properties/examples/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err99];
}
else {
vErrors.push(err99);
}
errors++;
}
const len4 = data52.length;
for(let i7=0; i7<len4; i7++){
if(!(validate47(data52[i7], {instancePath:instancePath+"/examples/" + i7,parentData:data52,parentDataProperty:i7,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate47.errors : vErrors.concat(validate47.errors);
errors = vErrors.length;
}
}
}
else {
const err100 = {instancePath:instancePath+"/examples",schemaPath:"#/properties/examples/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err100];
}
else {
vErrors.push(err100);
}
errors++;
}
}
if(data.graphql !== undefined){
let data54 = data.graphql;
if(typeof data54 === "string"){
if(func2(data54) < 1){
const err101 = {instancePath:instancePath+"/graphql",schemaPath:"#/properties/graphql/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err101];
}
else {
vErrors.push(err101);
}
errors++;
}
}
else {
const err102 = {instancePath:instancePath+"/graphql",schemaPath:"#/properties/graphql/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err102];
}
else {
vErrors.push(err102);
}
errors++;
}
}
if(data.files !== undefined){
let data55 = data.files;
if(data55 && typeof data55 == "object" && !Array.isArray(data55)){
for(const key10 in data55){
let data56 = data55[key10];
if(data56 && typeof data56 == "object" && !Array.isArray(data56)){
for(const key11 in data56){
if(!((key11 === "filename") || (key11 === "content_type"))){
const err103 = {instancePath:instancePath+"/files/" + key10.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/files/additionalProperties/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key11},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err103];
}
else {
vErrors.push(err103);
}
errors++;
}
}
if(data56.filename !== undefined){
if(typeof data56.filename !== "string"){
const err104 = {instancePath:instancePath+"/files/" + key10.replace(/~/g, "~0").replace(/\//g, "~1")+"/filename",schemaPath:"#/properties/files/additionalProperties/properties/filename/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err104];
}
else {
vErrors.push(err104);
}
errors++;
}
}
if(data56.content_type !== undefined){
if(typeof data56.content_type !== "string"){
const err105 = {instancePath:instancePath+"/files/" + key10.replace(/~/g, "~0").replace(/\//g, "~1")+"/content_type",schemaPath:"#/properties/files/additionalProperties/properties/content_type/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err105];
}
else {
vErrors.push(err105);
}
errors++;
}
}
}
else {
const err106 = {instancePath:instancePath+"/files/" + key10.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/files/additionalProperties/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err106];
}
else {
vErrors.push(err106);
}
errors++;
}
}
}
else {
const err107 = {instancePath:instancePath+"/files",schemaPath:"#/properties/files/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err107];
}
else {
vErrors.push(err107);
}
errors++;
}
}
if(data.error_rules !== undefined){
let data59 = data.error_rules;
if(Array.isArray(data59)){
const len5 = data59.length;
for(let i8=0; i8<len5; i8++){
if(!(validate28(data59[i8], {instancePath:instancePath+"/error_rules/" + i8,parentData:data59,parentDataProperty:i8,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate28.errors : vErrors.concat(validate28.errors);
errors = vErrors.length;
}
}
}
else {
const err108 = {instancePath:instancePath+"/error_rules",schemaPath:"#/properties/error_rules/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err108];
}
else {
vErrors.push(err108);
}
errors++;
}
}
}
else {
const err109 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err109];
}
else {
vErrors.push(err109);
}
errors++;
}
validate39.errors = vErrors;
return errors === 0;
}
validate39.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const schema90 = {"title":"Tool family","description":"Tools declared once with `{{param}}` placeholders and instantiated once per instance.","type":"object","additionalProperties":false,"required":["name","instances","tools"],"properties":{"name":{"title":"Family name","description":"Name of the family, for diagnostics.","type":"string","examples":["records"]},"instances":{"title":"Instances","description":"Parameter values, one object per instantiation.","type":"array","minItems":1,"items":{"type":"object","additionalProperties":{"type":"string"}},"examples":[[{"object":"people","one":"person"}]]},"tools":{"title":"Tool templates","description":"Tools with `{{param}}` placeholders.","type":"array","minItems":1,"items":{"$ref":"#/$defs/tool"},"examples":[[]]}},"examples":[{"name":"records","instances":[{"object":"people","one":"person"}],"tools":[]}]};

function validate51(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate51.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.instances === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "instances"},message:"must have required property '"+"instances"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.tools === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "tools"},message:"must have required property '"+"tools"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "name") || (key0 === "instances")) || (key0 === "tools"))){
const err3 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.name !== undefined){
if(typeof data.name !== "string"){
const err4 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.instances !== undefined){
let data1 = data.instances;
if(Array.isArray(data1)){
if(data1.length < 1){
const err5 = {instancePath:instancePath+"/instances",schemaPath:"#/properties/instances/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
const len0 = data1.length;
for(let i0=0; i0<len0; i0++){
let data2 = data1[i0];
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
for(const key1 in data2){
if(typeof data2[key1] !== "string"){
const err6 = {instancePath:instancePath+"/instances/" + i0+"/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/instances/items/additionalProperties/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
else {
const err7 = {instancePath:instancePath+"/instances/" + i0,schemaPath:"#/properties/instances/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
else {
const err8 = {instancePath:instancePath+"/instances",schemaPath:"#/properties/instances/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.tools !== undefined){
let data4 = data.tools;
if(Array.isArray(data4)){
if(data4.length < 1){
const err9 = {instancePath:instancePath+"/tools",schemaPath:"#/properties/tools/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
const len1 = data4.length;
for(let i1=0; i1<len1; i1++){
if(!(validate39(data4[i1], {instancePath:instancePath+"/tools/" + i1,parentData:data4,parentDataProperty:i1,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate39.errors : vErrors.concat(validate39.errors);
errors = vErrors.length;
}
}
}
else {
const err10 = {instancePath:instancePath+"/tools",schemaPath:"#/properties/tools/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
}
else {
const err11 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
validate51.errors = vErrors;
return errors === 0;
}
validate51.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate20(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://toolspec.dev/schema/toolspec-1.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate20.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.toolspec === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "toolspec"},message:"must have required property '"+"toolspec"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.set === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "set"},message:"must have required property '"+"set"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.title === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "title"},message:"must have required property '"+"title"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.description === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "description"},message:"must have required property '"+"description"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.server === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "server"},message:"must have required property '"+"server"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.auth === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "auth"},message:"must have required property '"+"auth"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.tools === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "tools"},message:"must have required property '"+"tools"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
for(const key0 in data){
if(!(func1.call(schema31.properties, key0))){
const err7 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.toolspec !== undefined){
if(1 !== data.toolspec){
const err8 = {instancePath:instancePath+"/toolspec",schemaPath:"#/properties/toolspec/const",keyword:"const",params:{allowedValue: 1},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.set !== undefined){
let data1 = data.set;
if(typeof data1 === "string"){
if(!pattern4.test(data1)){
const err9 = {instancePath:instancePath+"/set",schemaPath:"#/properties/set/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9]*$"},message:"must match pattern \""+"^[a-z][a-z0-9]*$"+"\""};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/set",schemaPath:"#/properties/set/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.prefix !== undefined){
let data2 = data.prefix;
if(typeof data2 === "string"){
if(!pattern5.test(data2)){
const err11 = {instancePath:instancePath+"/prefix",schemaPath:"#/properties/prefix/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9_]*_$"},message:"must match pattern \""+"^[a-z][a-z0-9_]*_$"+"\""};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
else {
const err12 = {instancePath:instancePath+"/prefix",schemaPath:"#/properties/prefix/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.title !== undefined){
let data3 = data.title;
if(typeof data3 === "string"){
if(func2(data3) < 1){
const err13 = {instancePath:instancePath+"/title",schemaPath:"#/properties/title/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
else {
const err14 = {instancePath:instancePath+"/title",schemaPath:"#/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.description !== undefined){
let data4 = data.description;
if(typeof data4 === "string"){
if(func2(data4) < 1){
const err15 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
else {
const err16 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.product !== undefined){
let data5 = data.product;
if(typeof data5 === "string"){
if(func2(data5) < 1){
const err17 = {instancePath:instancePath+"/product",schemaPath:"#/properties/product/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
else {
const err18 = {instancePath:instancePath+"/product",schemaPath:"#/properties/product/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.aliases !== undefined){
let data6 = data.aliases;
if(Array.isArray(data6)){
const len0 = data6.length;
for(let i0=0; i0<len0; i0++){
let data7 = data6[i0];
if(typeof data7 === "string"){
if(func2(data7) < 1){
const err19 = {instancePath:instancePath+"/aliases/" + i0,schemaPath:"#/properties/aliases/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
else {
const err20 = {instancePath:instancePath+"/aliases/" + i0,schemaPath:"#/properties/aliases/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
let i1 = data6.length;
let j0;
if(i1 > 1){
const indices0 = {};
for(;i1--;){
let item0 = data6[i1];
if(typeof item0 !== "string"){
continue;
}
if(typeof indices0[item0] == "number"){
j0 = indices0[item0];
const err21 = {instancePath:instancePath+"/aliases",schemaPath:"#/properties/aliases/uniqueItems",keyword:"uniqueItems",params:{i: i1, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i1+" are identical)"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
break;
}
indices0[item0] = i1;
}
}
}
else {
const err22 = {instancePath:instancePath+"/aliases",schemaPath:"#/properties/aliases/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data.server !== undefined){
let data8 = data.server;
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
if(data8.url === undefined){
const err23 = {instancePath:instancePath+"/server",schemaPath:"#/$defs/server/required",keyword:"required",params:{missingProperty: "url"},message:"must have required property '"+"url"+"'"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
for(const key1 in data8){
if(!((key1 === "url") || (key1 === "variables"))){
const err24 = {instancePath:instancePath+"/server",schemaPath:"#/$defs/server/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data8.url !== undefined){
let data9 = data8.url;
if(typeof data9 === "string"){
if(!pattern6.test(data9)){
const err25 = {instancePath:instancePath+"/server/url",schemaPath:"#/$defs/server/properties/url/pattern",keyword:"pattern",params:{pattern: "^https?://"},message:"must match pattern \""+"^https?://"+"\""};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
else {
const err26 = {instancePath:instancePath+"/server/url",schemaPath:"#/$defs/server/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data8.variables !== undefined){
let data10 = data8.variables;
if(data10 && typeof data10 == "object" && !Array.isArray(data10)){
for(const key2 in data10){
const _errs25 = errors;
if(typeof key2 === "string"){
if(!pattern7.test(key2)){
const err27 = {instancePath:instancePath+"/server/variables",schemaPath:"#/$defs/server/properties/variables/propertyNames/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9_]*$"},message:"must match pattern \""+"^[a-z][a-z0-9_]*$"+"\"",propertyName:key2};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
var valid6 = _errs25 === errors;
if(!valid6){
const err28 = {instancePath:instancePath+"/server/variables",schemaPath:"#/$defs/server/properties/variables/propertyNames",keyword:"propertyNames",params:{propertyName: key2},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
for(const key3 in data10){
let data11 = data10[key3];
if(data11 && typeof data11 == "object" && !Array.isArray(data11)){
if(data11.description === undefined){
const err29 = {instancePath:instancePath+"/server/variables/" + key3.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/server/properties/variables/additionalProperties/required",keyword:"required",params:{missingProperty: "description"},message:"must have required property '"+"description"+"'"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
for(const key4 in data11){
if(!(((key4 === "description") || (key4 === "default")) || (key4 === "pattern"))){
const err30 = {instancePath:instancePath+"/server/variables/" + key3.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/server/properties/variables/additionalProperties/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data11.description !== undefined){
if(typeof data11.description !== "string"){
const err31 = {instancePath:instancePath+"/server/variables/" + key3.replace(/~/g, "~0").replace(/\//g, "~1")+"/description",schemaPath:"#/$defs/server/properties/variables/additionalProperties/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data11.default !== undefined){
if(typeof data11.default !== "string"){
const err32 = {instancePath:instancePath+"/server/variables/" + key3.replace(/~/g, "~0").replace(/\//g, "~1")+"/default",schemaPath:"#/$defs/server/properties/variables/additionalProperties/properties/default/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data11.pattern !== undefined){
if(typeof data11.pattern !== "string"){
const err33 = {instancePath:instancePath+"/server/variables/" + key3.replace(/~/g, "~0").replace(/\//g, "~1")+"/pattern",schemaPath:"#/$defs/server/properties/variables/additionalProperties/properties/pattern/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
}
else {
const err34 = {instancePath:instancePath+"/server/variables/" + key3.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/server/properties/variables/additionalProperties/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
}
else {
const err35 = {instancePath:instancePath+"/server/variables",schemaPath:"#/$defs/server/properties/variables/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
}
else {
const err36 = {instancePath:instancePath+"/server",schemaPath:"#/$defs/server/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data.headers !== undefined){
let data15 = data.headers;
if(data15 && typeof data15 == "object" && !Array.isArray(data15)){
for(const key5 in data15){
if(typeof data15[key5] !== "string"){
const err37 = {instancePath:instancePath+"/headers/" + key5.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/stringMap/additionalProperties/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
}
else {
const err38 = {instancePath:instancePath+"/headers",schemaPath:"#/$defs/stringMap/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
if(data.auth !== undefined){
if(!(validate21(data.auth, {instancePath:instancePath+"/auth",parentData:data,parentDataProperty:"auth",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate21.errors : vErrors.concat(validate21.errors);
errors = vErrors.length;
}
}
if(data.helpers !== undefined){
let data18 = data.helpers;
if(Array.isArray(data18)){
const len1 = data18.length;
for(let i2=0; i2<len1; i2++){
let data19 = data18[i2];
if(typeof data19 === "string"){
if(!pattern12.test(data19)){
const err39 = {instancePath:instancePath+"/helpers/" + i2,schemaPath:"#/properties/helpers/items/pattern",keyword:"pattern",params:{pattern: "^\\.\\.?/[^\\\\]*\\.(?:mjs|cjs|js|mts|cts|ts)$"},message:"must match pattern \""+"^\\.\\.?/[^\\\\]*\\.(?:mjs|cjs|js|mts|cts|ts)$"+"\""};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
else {
const err40 = {instancePath:instancePath+"/helpers/" + i2,schemaPath:"#/properties/helpers/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
let i3 = data18.length;
let j1;
if(i3 > 1){
const indices1 = {};
for(;i3--;){
let item1 = data18[i3];
if(typeof item1 !== "string"){
continue;
}
if(typeof indices1[item1] == "number"){
j1 = indices1[item1];
const err41 = {instancePath:instancePath+"/helpers",schemaPath:"#/properties/helpers/uniqueItems",keyword:"uniqueItems",params:{i: i3, j: j1},message:"must NOT have duplicate items (items ## "+j1+" and "+i3+" are identical)"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
break;
}
indices1[item1] = i3;
}
}
}
else {
const err42 = {instancePath:instancePath+"/helpers",schemaPath:"#/properties/helpers/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
if(data.errors !== undefined){
if(!(validate23(data.errors, {instancePath:instancePath+"/errors",parentData:data,parentDataProperty:"errors",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate23.errors : vErrors.concat(validate23.errors);
errors = vErrors.length;
}
}
if(data.rate_limit !== undefined){
if(!(validate33(data.rate_limit, {instancePath:instancePath+"/rate_limit",parentData:data,parentDataProperty:"rate_limit",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate33.errors : vErrors.concat(validate33.errors);
errors = vErrors.length;
}
}
if(data.paging !== undefined){
let data22 = data.paging;
if(data22 && typeof data22 == "object" && !Array.isArray(data22)){
for(const key6 in data22){
const _errs51 = errors;
if(typeof key6 === "string"){
if(!pattern7.test(key6)){
const err43 = {instancePath:instancePath+"/paging",schemaPath:"#/properties/paging/propertyNames/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9_]*$"},message:"must match pattern \""+"^[a-z][a-z0-9_]*$"+"\"",propertyName:key6};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
var valid14 = _errs51 === errors;
if(!valid14){
const err44 = {instancePath:instancePath+"/paging",schemaPath:"#/properties/paging/propertyNames",keyword:"propertyNames",params:{propertyName: key6},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
for(const key7 in data22){
if(!(validate35(data22[key7], {instancePath:instancePath+"/paging/" + key7.replace(/~/g, "~0").replace(/\//g, "~1"),parentData:data22,parentDataProperty:key7,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate35.errors : vErrors.concat(validate35.errors);
errors = vErrors.length;
}
}
}
else {
const err45 = {instancePath:instancePath+"/paging",schemaPath:"#/properties/paging/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
if(data.schemas !== undefined){
let data24 = data.schemas;
if(data24 && typeof data24 == "object" && !Array.isArray(data24)){
for(const key8 in data24){
let data25 = data24[key8];
if(!(data25 && typeof data25 == "object" && !Array.isArray(data25))){
const err46 = {instancePath:instancePath+"/schemas/" + key8.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/schemas/additionalProperties/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
}
else {
const err47 = {instancePath:instancePath+"/schemas",schemaPath:"#/properties/schemas/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
if(data.inputs !== undefined){
let data26 = data.inputs;
if(data26 && typeof data26 == "object" && !Array.isArray(data26)){
for(const key9 in data26){
if(!(validate37(data26[key9], {instancePath:instancePath+"/inputs/" + key9.replace(/~/g, "~0").replace(/\//g, "~1"),parentData:data26,parentDataProperty:key9,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate37.errors : vErrors.concat(validate37.errors);
errors = vErrors.length;
}
}
}
else {
const err48 = {instancePath:instancePath+"/inputs",schemaPath:"#/properties/inputs/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
if(data.samples !== undefined){
let data28 = data.samples;
if(!(data28 && typeof data28 == "object" && !Array.isArray(data28))){
const err49 = {instancePath:instancePath+"/samples",schemaPath:"#/properties/samples/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
if(data.response !== undefined){
let data29 = data.response;
if(data29 && typeof data29 == "object" && !Array.isArray(data29)){
for(const key10 in data29){
if(!(key10 === "map")){
const err50 = {instancePath:instancePath+"/response",schemaPath:"#/properties/response/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key10},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
}
else {
const err51 = {instancePath:instancePath+"/response",schemaPath:"#/properties/response/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
if(data.defaults !== undefined){
let data30 = data.defaults;
if(data30 && typeof data30 == "object" && !Array.isArray(data30)){
for(const key11 in data30){
if(!((key11 === "timeout_ms") || (key11 === "max_output_bytes"))){
const err52 = {instancePath:instancePath+"/defaults",schemaPath:"#/$defs/defaults/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key11},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
if(data30.timeout_ms !== undefined){
let data31 = data30.timeout_ms;
if(!((typeof data31 == "number") && (!(data31 % 1) && !isNaN(data31)))){
const err53 = {instancePath:instancePath+"/defaults/timeout_ms",schemaPath:"#/$defs/defaults/properties/timeout_ms/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
if(typeof data31 == "number"){
if(data31 < 1 || isNaN(data31)){
const err54 = {instancePath:instancePath+"/defaults/timeout_ms",schemaPath:"#/$defs/defaults/properties/timeout_ms/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
}
if(data30.max_output_bytes !== undefined){
let data32 = data30.max_output_bytes;
if(!((typeof data32 == "number") && (!(data32 % 1) && !isNaN(data32)))){
const err55 = {instancePath:instancePath+"/defaults/max_output_bytes",schemaPath:"#/$defs/defaults/properties/max_output_bytes/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
if(typeof data32 == "number"){
if(data32 < 256 || isNaN(data32)){
const err56 = {instancePath:instancePath+"/defaults/max_output_bytes",schemaPath:"#/$defs/defaults/properties/max_output_bytes/minimum",keyword:"minimum",params:{comparison: ">=", limit: 256},message:"must be >= 256"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
}
}
else {
const err57 = {instancePath:instancePath+"/defaults",schemaPath:"#/$defs/defaults/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
if(data.tools !== undefined){
let data33 = data.tools;
if(Array.isArray(data33)){
const len2 = data33.length;
for(let i4=0; i4<len2; i4++){
if(!(validate39(data33[i4], {instancePath:instancePath+"/tools/" + i4,parentData:data33,parentDataProperty:i4,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate39.errors : vErrors.concat(validate39.errors);
errors = vErrors.length;
}
}
}
else {
const err58 = {instancePath:instancePath+"/tools",schemaPath:"#/properties/tools/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
if(data.families !== undefined){
let data35 = data.families;
if(Array.isArray(data35)){
const len3 = data35.length;
for(let i5=0; i5<len3; i5++){
if(!(validate51(data35[i5], {instancePath:instancePath+"/families/" + i5,parentData:data35,parentDataProperty:i5,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate51.errors : vErrors.concat(validate51.errors);
errors = vErrors.length;
}
}
}
else {
const err59 = {instancePath:instancePath+"/families",schemaPath:"#/properties/families/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
}
else {
const err60 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
validate20.errors = vErrors;
return errors === 0;
}
validate20.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

/** Validates raw spec data against toolspec.schema.json; errors in `specValidator.errors`, as Ajv's. */
export const specValidator: import('ajv/dist/2020.js').ValidateFunction = validate20;
