-- A member's choice to hear from a campaign they gave to (and the link that stops it) is recorded
-- with their other consents.
ALTER TABLE "consents" DROP CONSTRAINT "consents_kind_known";--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_kind_known" CHECK ("consents"."kind" in ('terms', 'privacy', 'marketing_emails', 'sms_updates', 'cookies', 'donor_updates'));
