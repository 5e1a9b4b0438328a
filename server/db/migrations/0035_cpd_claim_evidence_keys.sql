ALTER TABLE "cpd_claims" ADD COLUMN "evidence_key" text;--> statement-breakpoint
ALTER TABLE "cpd_claims" ADD COLUMN "evidence_mac_key" text;--> statement-breakpoint
ALTER TABLE "cpd_claims" ADD COLUMN "evidence_mac_digest" text;--> statement-breakpoint
ALTER TABLE "cpd_claims" ADD COLUMN "evidence_mac_piece_size" integer;