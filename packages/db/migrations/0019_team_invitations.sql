CREATE TABLE "tenant_invitations" (
	"invitation_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_user_uid" text,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "tenant_invitations_email_lower_check" CHECK ("tenant_invitations"."email" = lower("tenant_invitations"."email")),
	CONSTRAINT "tenant_invitations_role_check" CHECK ("tenant_invitations"."role" in ('owner', 'admin', 'manager', 'employee')),
	CONSTRAINT "tenant_invitations_single_outcome_check" CHECK ("tenant_invitations"."accepted_at" is null or "tenant_invitations"."revoked_at" is null)
);
--> statement-breakpoint
ALTER TABLE "tenant_invitations" ADD CONSTRAINT "tenant_invitations_tenant_id_tenants_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_invitations" ADD CONSTRAINT "tenant_invitations_invited_by_users_uid_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_invitations" ADD CONSTRAINT "tenant_invitations_accepted_user_uid_users_uid_fk" FOREIGN KEY ("accepted_user_uid") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_invitations_token_key" ON "tenant_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_invitations_open_key" ON "tenant_invitations" USING btree ("tenant_id","email") WHERE "tenant_invitations"."accepted_at" is null and "tenant_invitations"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "tenant_invitations_tenant_idx" ON "tenant_invitations" USING btree ("tenant_id","created_at");--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_user_id_users_uid_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Walled like every tenant table (decision 018) and audited like the assignments it leads to (decision 019),
-- without the token's hash.
SELECT "brigade_protect_tenant_table"('tenant_invitations', true, '{token_hash}');
