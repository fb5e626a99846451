CREATE TABLE `call_bookings` (
	`company_id` text NOT NULL,
	`call_id` text NOT NULL,
	`outcome` text NOT NULL,
	`booking_id` text,
	`reason` text,
	PRIMARY KEY(`company_id`, `call_id`)
);
--> statement-breakpoint
ALTER TABLE `bookings` ADD `call_id` text;--> statement-breakpoint
ALTER TABLE `clients` ADD `identity` text;--> statement-breakpoint
CREATE UNIQUE INDEX `clients_company_identity_idx` ON `clients` (`company_id`,`identity`);