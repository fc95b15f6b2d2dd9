export * from "./anonymous-sessions";
export * from "./credit-ledger";
export * from "./orders";
export * from "./relations";
export * from "./sessions";
export * from "./users";
export * from "./videos";
