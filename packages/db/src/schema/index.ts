export * from "./anonymous-sessions";
export * from "./credit-ledger";
export * from "./orders";
export * from "./relations";
export * from "./sessions";
export * from "./trial-ip-usage";
export * from "./users";
export * from "./videos";
