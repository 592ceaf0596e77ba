CREATE TABLE "admin_messages" (
	"message_id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"from_uid" text,
	"from_email" text NOT NULL,
	"from_name" text NOT NULL,
	"regarding_tenant_id" integer,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"read_by" text
);
