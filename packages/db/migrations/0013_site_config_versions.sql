CREATE TABLE "site_configuration_versions" (
	"version" integer PRIMARY KEY NOT NULL,
	"content" jsonb NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" text NOT NULL,
	CONSTRAINT "site_configuration_versions_version_check" CHECK ("site_configuration_versions"."version" >= 1)
);
--> statement-breakpoint
INSERT INTO "site_configuration_versions" ("version", "content", "modified_at", "modified_by")
SELECT "version",
	jsonb_build_object(
		'id', "id",
		'defaultLayoutTemplate', "default_layout_template",
		'defaultColorScheme', "default_color_scheme",
		'layoutTemplates', "layout_templates",
		'colorSchemes', "color_schemes",
		'components', "components",
		'fallbackImages', "fallback_images",
		'fallbackTexts', "fallback_texts",
		'allowRestaurantOverrides', "allow_restaurant_overrides",
		'requireApprovalForOverrides', "require_approval_for_overrides"
	),
	"last_modified", "last_modified_by"
FROM "site_configurations";
