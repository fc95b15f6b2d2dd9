CREATE TABLE "sandbox_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "sandbox_payments_method_check" CHECK ("sandbox_payments"."method" in ('wallet', 'card', 'bank_transfer')),
	CONSTRAINT "sandbox_payments_status_check" CHECK ("sandbox_payments"."status" in ('paid', 'declined', 'awaiting_transfer'))
);
--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD CONSTRAINT "sandbox_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_payments_order_id_idx" ON "sandbox_payments" USING btree ("order_id");