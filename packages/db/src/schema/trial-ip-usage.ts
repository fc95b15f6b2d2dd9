import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns";

/**
 * Free-trial videos counted per network block (a /24 for IPv4, a /64 for IPv6), so one
 * address cannot mint fingerprints for unlimited trials.
 */
export const trialIpUsage = pgTable("trial_ip_usage", {
  ipBlock: text("ip_block").primaryKey(),
  videosProcessed: integer("videos_processed").notNull().default(0),
  lastUsed: timestamptz("last_used").notNull().defaultNow(),
});

export type TrialIpUsage = typeof trialIpUsage.$inferSelect;
