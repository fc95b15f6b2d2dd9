export * from "./admin";
export * from "./auth";
export * from "./errors";
export * from "./methods";
export * from "./payments";
export * from "./rectangle";
export * from "./trial";
export * from "./video";
