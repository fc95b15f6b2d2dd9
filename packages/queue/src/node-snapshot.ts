import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { EncoderNode } from "@wr/contracts";
import type { NodeIdentity } from "./job-queue";

/** A node as the pool shows it now: who it is, how many jobs it takes, which it is running. */
export function nodeSnapshot(
  identity: NodeIdentity,
  concurrency: number,
  currentJobs: Iterable<string>,
): EncoderNode {
  return {
    ...identity,
    concurrency,
    currentJobs: [...currentJobs],
    lastSeen: new Date().toISOString(),
  };
}

/** A new node's identity: unique even for two nodes in one container or on one host. */
export function newNodeIdentity(
  facts: Pick<NodeIdentity, "mode" | "encoders" | "chosen">,
): NodeIdentity {
  const host = hostname();
  return {
    id: `${host}-${process.pid}-${randomBytes(2).toString("hex")}`,
    hostname: host,
    startedAt: new Date().toISOString(),
    ...facts,
  };
}
