export * from "./errors";
export * from "./methods";
export * from "./rectangle";
export * from "./video";
