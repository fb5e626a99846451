ALTER TABLE `sip_trunks` ADD `provider_trunk_sid` text;--> statement-breakpoint
ALTER TABLE `sip_trunks` ADD `provider_credential_list_sid` text;--> statement-breakpoint
ALTER TABLE `sip_trunks` ADD `provider_origination_url_sid` text;