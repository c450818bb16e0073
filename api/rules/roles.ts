// The roles of the portal, pure like the rest of rules/ (the web reads it too): the records of
// store/ and the rules that decide by role both name them from here.

/** Roles of the portal (design 3). */
export type Role = "super_admin" | "admin" | "user";
