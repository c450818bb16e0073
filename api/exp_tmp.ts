import { testApi } from "/work/main/api/test_support.ts";
const api = await testApi();
const t = await api.account("S1", "super_admin");
const r = await api.call("GET", "/api/users/export", undefined, t);
console.log(r.status, JSON.stringify(r.text.slice(0, 80)), r.headers.get("content-type"));
api.close();
