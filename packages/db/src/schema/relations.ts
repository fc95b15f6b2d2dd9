import { relations } from "drizzle-orm";
import { anonymousSessions } from "./anonymous-sessions";
import { creditLedger } from "./credit-ledger";
import { orders } from "./orders";
import { sessions } from "./sessions";
import { users } from "./users";
import { videos } from "./videos";

/** Relations for drizzle's relational queries (db.query.videos.findMany({ with: { user: true } })). */

export const usersRelations = relations(users, ({ many }) => ({
  sessions: many(sessions),
  videos: many(videos),
  orders: many(orders),
  creditLedger: many(creditLedger),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));

export const anonymousSessionsRelations = relations(anonymousSessions, ({ many }) => ({
  videos: many(videos),
}));

export const videosRelations = relations(videos, ({ one }) => ({
  user: one(users, { fields: [videos.userId], references: [users.id] }),
  anonymousSession: one(anonymousSessions, {
    fields: [videos.anonymousSessionId],
    references: [anonymousSessions.id],
  }),
}));

export const ordersRelations = relations(orders, ({ one, many }) => ({
  user: one(users, { fields: [orders.userId], references: [users.id] }),
  creditLedger: many(creditLedger),
}));

export const creditLedgerRelations = relations(creditLedger, ({ one }) => ({
  user: one(users, { fields: [creditLedger.userId], references: [users.id] }),
  order: one(orders, { fields: [creditLedger.orderId], references: [orders.id] }),
}));
