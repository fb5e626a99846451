ALTER TABLE `webhook_deliveries` ADD `recovered_by` text;--> statement-breakpoint
CREATE INDEX `webhook_deliveries_company_subscription_lease_idx` ON `webhook_deliveries` (`company_id`,`subscription_id`,`lease_until`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_company_subscription_status_updated_idx` ON `webhook_deliveries` (`company_id`,`subscription_id`,`status`,`updated_at`);--> statement-breakpoint
ALTER TABLE `webhook_subscriptions` ADD `disabled_at` text;--> statement-breakpoint
ALTER TABLE `webhook_subscriptions` ADD `failing_since` text;