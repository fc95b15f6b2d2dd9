/** The browser storage keys of SPEC.md §3. */
export const TOKEN_KEY = "token";
export const USER_KEY = "user";
