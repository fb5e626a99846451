CREATE TABLE `operator_settings` (
	`name` text PRIMARY KEY NOT NULL,
	`value` text,
	`updated_at` text NOT NULL
);
