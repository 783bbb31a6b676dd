// The search index of this site, written by `guide build` (see templates/search.js).
globalThis.guideSearchIndex = {"version":1,"sections":16,
"termShards":["0"],
"textShards":[0,1],
"pages":[
["en","Inter-Object Communication","en/inter-object-communication.html",8],
["zh","对象间的通讯","zh/inter-object-communication.html",8]]};
