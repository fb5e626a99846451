// The types of the OpenAPI document (paths, operations, components, webhooks) for openapi-fetch,
// written by `npm run client` with openapi-typescript. Do not edit: change the declarations and run it again.

export interface paths {
    "/api/v1/clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List saved clients
         * @description Saved clients of the key's company, newest first (created_at, then id, descending).
         *
         *     Requires the scope `clients:read`.
         */
        get: operations["listClients"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/budgets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List budgets
         * @description Budget documents of the key's company, newest first (created_at, then id, descending).
         *
         *     Requires the scope `budgets:read`.
         */
        get: operations["listBudgets"];
        put?: never;
        /**
         * Create a draft budget
         * @description Creates a draft, non-fiscal budget; totals are computed by the server. Never creates an invoice, credit note, fiscal number or fiscal-registry record. With an Idempotency-Key, a repeat returns the same budget.
         *
         *     Requires the scope `budgets:write`.
         */
        post: operations["createBudget"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invoices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List invoices (read-only)
         * @description Invoice documents of the key's company, newest first. Read-only: reads the documents table only, never the fiscal ledger or registry.
         *
         *     Requires the scope `invoices:read`.
         */
        get: operations["listInvoices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the activity log
         * @description Every successful write made through the API: who (key), what (operation), which resource, when. Newest first.
         *
         *     Requires the scope `audit:read`.
         */
        get: operations["listAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/contacts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List contacts
         * @description Contacts of the key's company, newest first (created_at, then id, descending). Optional exact filters: phone (normalised to E.164 with the company's default region; an unreadable phone is 400), email, tag.
         *
         *     Requires the scope `contacts:read`.
         */
        get: operations["listContacts"];
        put?: never;
        /**
         * Create a contact
         * @description Creates a contact. It needs a phone or an email. The phone is stored in E.164 (a number without country code is read in the company's default region; an unreadable one is 400). A company holds one contact per phone and one per email (emails compared case-insensitively): a second one is 409 conflict, whose existing_contact_id names the holder.
         *
         *     Requires the scope `contacts:write`.
         */
        post: operations["createContact"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/contact-lists": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List contact lists
         * @description Contact lists of the key's company with their member counts, newest first (created_at, then id, descending).
         *
         *     Requires the scope `contacts:read`.
         */
        get: operations["listContactLists"];
        put?: never;
        /**
         * Create a contact list
         * @description Creates an empty list. Names need not be unique.
         *
         *     Requires the scope `contacts:write`.
         */
        post: operations["createContactList"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List team members
         * @description People of the company's team with their role, newest first (created_at, then id, descending). Filters: status, role_id.
         *
         *     Requires the scope `members:read`.
         */
        get: operations["listTeamMembers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/announcements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List announcements
         * @description The platform's announcements to the key's company (maintenance, incidents, new features, billing news), as the panel published them: newest published first (published_at, then id, descending). Withdrawn announcements are not listed. Filters: category, since (published at or after; an invalid instant or category is 400).
         *
         *     Requires the scope `announcements:read`.
         */
        get: operations["listAnnouncements"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/alerts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read configured alerts and the spend that triggers them
         * @description The company's alerts, newest first, each with its configuration, the value it compares with now (`current`: the wallet balance for low_balance, the spend of the current calendar period in UTC for spend; spend is charges minus refunds), and its state: triggered, silenced until, dismissed. The state is computed at the time of the request from the wallet and its ledger. limit and offset are clamped, never refused.
         *
         *     Requires the scope `alerts:read`.
         */
        get: operations["listAlerts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Configure, silence or dismiss an alert
         * @description Changes one alert, named by alert_id (an unknown id, or another company's, is 404): threshold (major units of the alert's currency), period (spend alerts only), enabled, silenced_until (a future instant, or null to end a silence) and dismissed (true acknowledges the current triggering and holds until the alert clears; only a triggered alert can be dismissed; false undoes it). Changing threshold, period or enabled clears a dismissal. Answers the alert after the change with its state; a request that changes nothing stored writes nothing. Concurrent changes of the same alert never lose each other's fields. Emits alert.updated.
         *
         *     Requires the scope `alerts:write`.
         */
        patch: operations["updateAlert"];
        trace?: never;
    };
    "/api/v1/agents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List voice agents
         * @description The company's voice agents, newest first (created_at, then id, descending). Filters: status, language (BCP 47, compared in canonical case). An unknown status or a malformed language is 400. Agents are created and deleted in the panel.
         *
         *     Requires the scope `agents:read`.
         */
        get: operations["listAgents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/call-labels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Call label catalogue
         * @description The labels the company's calls may carry (set up in the panel), newest first. Calls name them by key.
         *
         *     Requires the scope `calls:read`.
         */
        get: operations["listCallLabels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/calls": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List calls with the period's totals
         * @description Calls of the company, newest first (started_at, then id), with their cost, labels, members and verdict. start_date and end_date (YYYY-MM-DD) are days in the company's time zone, both included; either may be left out (an open end). A date that does not exist, or an end_date before start_date, is 400. With the page comes `aggregates`: count, total duration, total cost and the count by result of every call of the period, not only of the page.
         *
         *     Requires the scope `calls:read`.
         */
        get: operations["listCalls"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/qualifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Qualification verdicts
         * @description Verdicts given to the company's calls after they ended (call, verdict, score, reason, time), newest first. start_date and end_date are days of qualified_at in the company's time zone, both included; an end before the start is 400. verdict keeps one kind.
         *
         *     Requires the scope `calls:read`.
         */
        get: operations["listQualifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sip-trunks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List SIP trunks
         * @description The company's SIP trunks, newest first, without their passwords (write-only); `numbers` counts the phone numbers routed through each.
         *
         *     Requires the scope `sip-trunks:read`.
         */
        get: operations["listSipTrunks"];
        put?: never;
        /**
         * Create a SIP trunk
         * @description Creates a SIP trunk and charges its monthly price through the wallet in the same batch (a balance short of it is 409 with the amounts). The password is write-only: stored encrypted (AES-256-GCM), never answered, logged or sent in an event. A name the company already uses is 409. Emits sip_trunk.created.
         *
         *     Requires the scope `sip-trunks:write`.
         */
        post: operations["createSipTrunk"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/numbers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List numbers
         * @description The company's phone numbers (E.164, name, country, capabilities, the agent that answers), newest first. Filters: country, capability.
         *
         *     Requires the scope `numbers:read`.
         */
        get: operations["listNumbers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/rates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Outbound sale rates
         * @description What the company pays per minute to call each destination country, one rate for landlines and one for mobiles (prefix: the country's dialling code; price per minute in major units, currency, minimum and billing increment), by destination name. A number is rated by its country and line type. These are the account's own sale rates (its plan's price book, or the rates agreed for it): never a provider cost, margin or multiplier. Filter: country.
         *
         *     Requires the scope `rates:read`.
         */
        get: operations["listRates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bookings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Scheduled appointments
         * @description Appointments the company's voice agents booked with its contacts (contact, agent, start, end, status), latest start first. start_date and end_date are days of starts_at in the calendar's zone (the company region's main zone while it has no calendar), both included; an end before the start is 400. status keeps one status.
         *
         *     Requires the scope `calendar:read`.
         */
        get: operations["listBookings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/calendar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Working calendar for a date range
         * @description Each date from `from` to `to` (both included; default: a week from today in the calendar's zone; at most 366 days, else 400) with its working intervals in wall-clock time of the calendar's zone and as UTC instants, exceptions applied. 404 while the company has no schedule. Intervals are wall-clock times of the calendar's IANA zone, turned into instants with the zone's rules: a time the clocks skip (spring forward) is read as the instant they jump, so an interval inside the gap is empty and left out; a time shown twice (autumn) starts an interval at its first occurrence and ends one at its second.
         *
         *     Requires the scope `calendar:read`.
         */
        get: operations["getCalendar"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/knowledge-bases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List knowledge bases
         * @description The company's knowledge bases, newest first, each with its document count and its collections (with theirs).
         *
         *     Requires the scope `kb:read`.
         */
        get: operations["listKnowledgeBases"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/email-templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List email templates
         * @description Templates of the key's company, newest first (created_at, then id, descending).
         *
         *     Requires the scope `campaigns:read`.
         */
        get: operations["listEmailTemplates"];
        put?: never;
        /**
         * Create an email template
         * @description Creates a template from its name, subject, HTML body and optional text body. Placeholders in double braces name a contact field (`name`, `first_name`, `last_name`, `email`, `phone`, `company`) or `custom_fields.<key>`; a broken tag, an unknown placeholder, a partial (`{{>x}}`) or an unescaped value in the HTML body (`{{{x}}}`) is 400 validation_error, each error naming the field, the placeholder, and its line and column. The response lists the placeholders the template uses.
         *
         *     Requires the scope `campaigns:write`.
         */
        post: operations["createEmailTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sequences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List sequences
         * @description Sequences of the key's company with their enrolled counts, newest first (created_at, then id, descending); `status` filters.
         *
         *     Requires the scope `campaigns:read`.
         */
        get: operations["listSequences"];
        put?: never;
        /**
         * Create an email sequence
         * @description Creates an active sequence from its name and optional ordered steps (an email template of the company, and a delay in days). A template that is not the company's is 400 naming the step.
         *
         *     Requires the scope `campaigns:write`.
         */
        post: operations["createSequence"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaigns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List campaigns
         * @description Campaigns of the key's company with their counts, newest first (created_at, then id, descending); `status` filters.
         *
         *     Requires the scope `campaigns:read`.
         */
        get: operations["listCampaigns"];
        put?: never;
        /**
         * Create an email campaign
         * @description Creates a draft campaign from its name, an agent of the company (else 400 naming agent_id) and optionally an email template of the company.
         *
         *     Requires the scope `campaigns:write`.
         */
        post: operations["createCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the document archive
         * @description The newest documents of the company's archive (an external document archive reached through the provider gateway), with filters `type`, `label`, `text`, `date_from` and `date_to` (dates, inclusive at both ends; a reversed range is 400) and `limit`. 503 integration_not_configured when no archive is connected to the account; 502 upstream_error when the archive fails.
         *
         *     Requires the scope `documents:read`.
         */
        get: operations["listDocuments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/recados": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the message-slip inbox
         * @description The message slips the company's agents took during calls (caller, phone, message, when, whether read), newest first. Filter: `read`. 503 integration_not_configured while the company's workspace is not set up.
         *
         *     Requires the scope `recados:read`.
         */
        get: operations["listRecados"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/conversations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List conversations
         * @description The company's WhatsApp conversations, newest first (the order they began in, which never changes, so a cursor neither misses nor repeats one while others begin). Optional `status` (open, closed; anything else is 400). Paged by cursor: `limit`, then `page.next_cursor` while `page.has_more`.
         *
         *     Requires the scope `whatsapp:read`.
         */
        get: operations["listConversations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/subaccounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List subaccounts of the tree
         * @description Every account of the key's company's tree, newest first: its subaccounts, their subaccounts and so on, down to the configured depth (AGENCY_MAX_DEPTH, 5 levels unless set); `agency_id` says each one's parent. Filters: status (active, suspended; another value is 400) and search (part of the name, case-insensitive).
         *
         *     Requires the scope `subaccounts:read`.
         */
        get: operations["listSubaccounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the webhook subscription
         * @description The company's subscription. The signing secret is never returned; has_secret says whether one exists. A company without a subscription gets an empty one (id null, enabled false).
         *
         *     Requires the scope `webhooks:read`.
         */
        get: operations["getWebhookSubscription"];
        put?: never;
        /**
         * Create or replace the webhook subscription
         * @description One subscription per company: this creates it, or replaces the existing one (new id and new signing secret; deliveries still pending for the old one are cancelled). The response carries the signing secret, shown only here.
         *
         *     Requires the scope `webhooks:write`.
         */
        post: operations["putWebhookSubscription"];
        /**
         * Remove the webhook subscription
         * @description Removes the subscription and its secret; deliveries still pending are cancelled. The delivery log is kept.
         *
         *     Requires the scope `webhooks:write`.
         */
        delete: operations["deleteWebhookSubscription"];
        options?: never;
        head?: never;
        /**
         * Change the destination, events or state, or rotate the secret
         * @description Changes the subscription. rotate_secret: true issues a new signing secret, returned once in this response; every delivery from then on (retries of earlier events included) is signed with it only. enabled: true also re-enables a subscription disabled by a 410 answer. The change applies only to the subscription as this request read it: if another write changed or replaced it meanwhile, nothing changes and the answer is 409 conflict (read it again and retry), so a rotated secret in a 200 answer is always the one that signs.
         *
         *     Requires the scope `webhooks:write`.
         */
        patch: operations["updateWebhookSubscription"];
        trace?: never;
    };
    "/api/v1/contacts/identify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Identify a contact by phone
         * @description For an agent mid-call: finds the company's contact with this phone (normalised to E.164 with the company's default region; one indexed lookup), or creates one when there is none, and says which happened in `created`. Always 200. first_name and last_name are used only when creating. A lookup that finds the contact writes nothing (no audit entry, no event); a creation is audited and emits contact.created. Two concurrent calls for a new phone create one contact; the other call answers it with created false.
         *
         *     Requires the scope `contacts:write`.
         */
        post: operations["identifyContact"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/contacts/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import contacts in bulk
         * @description Imports 1 to 1000 contacts (body at most 1 MiB). Each row is validated like POST /contacts: an invalid row is rejected (listed with its index and reason) and the valid rows are still stored. A row whose phone or email an existing contact, or an earlier row of the same import, already has is skipped, not updated; this holds under concurrent imports too (the database decides which rows it created). The rows are written in one D1 batch, so an import is stored whole or not at all. Answers 201 with the counts even when no row was created. Emits one contacts.imported event (not one contact.created per row).
         *
         *     Requires the scope `contacts:write`.
         */
        post: operations["importContacts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/team/mention-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List mentionable team people
         * @description Active team members that can be @mentioned (suspended members are left out), newest first.
         *
         *     Requires the scope `team:read`.
         */
        get: operations["listMentionableTeam"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/team/invites": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List team invitations
         * @description Invitations of the company, newest first. A pending invite past expires_at reads as expired. Filter: status.
         *
         *     Requires the scope `members:read`.
         */
        get: operations["listTeamInvites"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/team/roles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List custom roles
         * @description Custom roles of the company with their permissions and member counts, newest first.
         *
         *     Requires the scope `members:read`.
         */
        get: operations["listTeamRoles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/team/seats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Contracted and used seats
         * @description Seats in the contract, seats used (active members; suspended members free their seat), pending unexpired invites, and what is left. A company with no seat contract reads contracted 0.
         *
         *     Requires the scope `members:read`.
         */
        get: operations["getTeamSeats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Wallet balance
         * @description What the company's prepaid wallet holds now, in major units of its currency (a company without a wallet holds 0 in its billing currency).
         *
         *     Requires the scope `billing:read`.
         */
        get: operations["getBalance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Wallet movements
         * @description The wallet's ledger, newest first: kind, signed amount, balance after, reference and time of each movement. Filters: kind, and from / to (days in UTC, both included; to before from is 400).
         *
         *     Requires the scope `billing:read`.
         */
        get: operations["listTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Period consumption
         * @description Calls (count, minutes, cost: from the calls), SMS segments, emails and WhatsApp messages (count and cost: from the usage records) of a period of days in the company's time zone, both included (default: this month up to today). An invalid date, an end before the start or a period over a year is 400.
         *
         *     Requires the scope `billing:read`.
         */
        get: operations["getUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/invoices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Issued invoices
         * @description The invoices the platform issued to the company (subscription, add-ons, numbers, usage), newest first; filter by status.
         *
         *     Requires the scope `billing:read`.
         */
        get: operations["listBillingInvoices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/pending-orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Uncompleted number purchases
         * @description Phone number orders waiting for documents, payment or the carrier, newest first; filter by status.
         *
         *     Requires the scope `billing:read`.
         */
        get: operations["listPendingOrders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/subscription": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Contracted plan and billing cycle
         * @description The plan in force, its cycle, the current period, its price, whether it ends at the period's end, and a scheduled downgrade.
         *
         *     Requires the scope `billing:read`.
         */
        get: operations["getSubscription"];
        put?: never;
        /**
         * Hire or change plan
         * @description Without a subscription: hires `plan` for a `cycle`, charging the first cycle now (201). With one: an upgrade takes effect now (the plan, and so the capabilities, change at once) and charges the price difference for the rest of the period; a downgrade is scheduled for the end of the period, charging nothing now (200). The current plan is 409; so is a plan not sold in the billing currency. A balance short of the charge is 409 with the amounts.
         *
         *     Requires the scope `billing:write`.
         */
        post: operations["changePlan"];
        /**
         * Cancel the plan at period end
         * @description Schedules the end of the subscription at the end of the current period (answered in cancel_at); nothing is refunded. No subscription is 404; cancelling again is 409.
         *
         *     Requires the scope `billing:write`.
         */
        delete: operations["cancelSubscription"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/addons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Available and hired add-ons
         * @description The add-on catalogue: each with its monthly price, whether the company's plan can hire it, and whether it is hired.
         *
         *     Requires the scope `billing:read`.
         */
        get: operations["listAddons"];
        put?: never;
        /**
         * Hire an add-on
         * @description Hires an add-on of the catalogue, charging its monthly price now (201). Already hired: 200, nothing charged again. An add-on not in the catalogue is 400; one the plan cannot hire is 409; a balance short of the price is 409 with the amounts.
         *
         *     Requires the scope `billing:write`.
         */
        post: operations["hireAddon"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/topups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Top up the wallet
         * @description Charges `amount` (major units of the billing currency, within the configured minimum and maximum) to the company's payment method on file through the payment provider, and credits the wallet in the same batch as its ledger entry: 201 with the top-up and the new balance. A declined charge is 409 `payment_declined` with the provider's decline code and reason, and credits nothing. No payment method on file, or no payment provider configured: 503. A retry with the same Idempotency-Key never charges twice (the provider receives a key derived from it).
         *
         *     Requires the scope `billing:write`.
         */
        post: operations["createTopUp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agents/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List agent templates
         * @description The platform's agent templates, the same for every company, each with its agent.yaml (base_version 0). The panel creates agents from them.
         *
         *     Requires the scope `agents:read`.
         */
        get: operations["listAgentTemplates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/rates/countries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Callable destination catalogue
         * @description The countries the caller can call: those it has a rate for (GET /rates), with ISO 3166-1 alpha-2 code, name and dialling code, by name.
         *
         *     Requires the scope `rates:read`.
         */
        get: operations["listRateCountries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/telephony/extensions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * SIP extensions
         * @description The company's SIP extensions (number, name, user, status), newest first, without their SIP password. Filter: status.
         *
         *     Requires the scope `numbers:read`.
         */
        get: operations["listSipExtensions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/telephony/profiles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Telephony profiles
         * @description How the company's lines connect (transport, codecs, DTMF, SRTP, recording, trunk host), newest first, without the trunk's credentials.
         *
         *     Requires the scope `numbers:read`.
         */
        get: operations["listTelephonyProfiles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/calls/dial": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Launch an outbound call
         * @description Calls `to` with the voice agent `agent_id`. The destination must be callable (GET /rates/countries) and have a rate for the account, else 400. The call reserves its destination's rate for the minimum reservation (5 minutes, or the rate's minimum when longer) from the wallet: a balance that does not cover it is 402 insufficient_funds. Calls in progress must be below the simultaneous-call quota (GET /billing/concurrency), else 409. The call is created queued, a call of GET /calls and GET /calls/{call_id} from this answer on (its result, end and cost null until it ends), and handed to the telephony provider through the job queue: 201 with the call. No telephony provider configured: 503, nothing reserved. When the call ends its reservation is settled against its real cost (the rest refunded; the call is cut at the reservation). Emits call.dialled, then call.settled.
         *
         *     Requires the scope `calls:dial`.
         */
        post: operations["dialCall"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/concurrency": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Simultaneous-call quota
         * @description The simultaneous calls the account may have (its plan's, plus those of add-ons such as extra_concurrent_calls) and its calls in progress now (queued, ringing or answered).
         *
         *     Requires the scope `billing:read`.
         */
        get: operations["getConcurrency"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/calls": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Call breakdown by direction and result
         * @description Counts, talk time (total and average) and cost of the company's calls in a period, in total, by direction, by result and by both (every combination present, zeros included), from one aggregate query. The period is `from` to `to`, local dates of the company's time zone with both ends included (the same dates as start_date and end_date of GET /calls); by default the last 30 days up to today. An invalid date, a `to` before `from`, or a period over ten years is 400. The totals equal the aggregates of GET /calls for the same period.
         *
         *     Requires the scope `analytics:read`.
         */
        get: operations["getCallAnalytics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/dashboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Period indicators and their variation
         * @description The period's indicators (calls, inbound and outbound, answered calls and rate, missed calls, minutes, average duration, cost, cost per answered call, bookings), each with its value over the previous period of the same length (the days just before) and the variation in percent (null when the previous value is 0). The period is `from` to `to`, local dates of the company's time zone with both ends included (the same dates as start_date and end_date of GET /calls); by default the last 30 days up to today. An invalid date, a `to` before `from`, or a period over ten years is 400. Bookings are null, with a note: they belong to a calendar that this API does not provide yet.
         *
         *     Requires the scope `analytics:read`.
         */
        get: operations["getAnalyticsDashboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/calendar/schedule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set the weekly schedule
         * @description Replaces the weekly working hours: an IANA time zone and, per weekday, working intervals HH:MM–HH:MM (start before end, sorted, neither overlapping nor touching; 24:00 ends a day at midnight). A day left out is closed. An unknown zone or a bad interval is 400 naming the day and the interval. Exceptions already set for dates are kept. Intervals are wall-clock times of the calendar's IANA zone, turned into instants with the zone's rules: a time the clocks skip (spring forward) is read as the instant they jump, so an interval inside the gap is empty and left out; a time shown twice (autumn) starts an interval at its first occurrence and ends one at its second.
         *
         *     Requires the scope `calendar:write`.
         */
        put: operations["setCalendarSchedule"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/calendar/overrides": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set a day exception
         * @description Gives one local date (YYYY-MM-DD, in the calendar's zone) its own hours: either closed: true, or its own intervals, which replace its weekday's. Setting a date again replaces its exception. 404 while the company has no schedule (PUT /calendar/schedule first).
         *
         *     Requires the scope `calendar:write`.
         */
        put: operations["setCalendarOverride"];
        post?: never;
        /**
         * Remove a day exception
         * @description Removes the exception of ?date=YYYY-MM-DD, which follows its weekday's hours again, and answers the exception as it was. 404 when that date has none.
         *
         *     Requires the scope `calendar:write`.
         */
        delete: operations["removeCalendarOverride"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/calendar/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Tell whether an instant falls within working hours
         * @description Takes `at`, an ISO 8601 date-time with an offset (2026-03-29T09:00:00+02:00, Z) or an RFC 9557 zone (2026-03-29T09:00:00[Europe/Madrid]); without either it names no instant and is 400, as is a local time the zone's clocks skip, or one they show twice without its offset. Answers whether it falls within working hours (exceptions applied), its local time in the calendar's zone, the interval it falls in, and the next opening after it (within a year). 404 while the company has no schedule. Intervals are wall-clock times of the calendar's IANA zone, turned into instants with the zone's rules: a time the clocks skip (spring forward) is read as the instant they jump, so an interval inside the gap is empty and left out; a time shown twice (autumn) starts an interval at its first occurrence and ends one at its second.
         *
         *     Requires the scope `calendar:read`.
         */
        get: operations["checkCalendar"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/email/connections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List email sending identities
         * @description The addresses the company's email goes out from (address, display name, whether verified), newest first. Read-only: identities are added and verified in the panel; their credentials are never returned. Filter: `verified`.
         *
         *     Requires the scope `email-configs:read`.
         */
        get: operations["listEmailConnections"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/email/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Email history
         * @description Every email sent through the API, newest first, with its status (`sending`, `sent`, `failed`) and the provider's message id. Filter: `status`.
         *
         *     Requires the scope `email:read`.
         */
        get: operations["listEmailHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/email/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send an email
         * @description Sends a plain-text email from a verified sending identity (`identity_id`, else the company's oldest verified one) and answers it with the provider's message id. 503 integration_not_configured when the company has no verified identity or the email provider is not configured (nothing is recorded); 502 upstream_error when the provider fails or refuses the recipient (the email is recorded as failed and not retried). An unknown or unverified `identity_id` is 400.
         *
         *     Requires the scope `email:send`.
         */
        post: operations["sendEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sms/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify SMS recipients without sending
         * @description Checks up to 100 numbers without sending or charging: each one's E.164 form and country, whether it can receive an SMS from this account (a valid mobile number, in a country the platform reaches, with an SMS price on the account) and its price, plus the optional text's encoding (GSM-7 or UCS-2) and segment count. 503 integration_not_configured when SMS is not configured.
         *
         *     Requires the scope `sms:send`.
         */
        post: operations["checkSms"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sms/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send an SMS
         * @description Sends one SMS and answers it with its segments and cost, debited from the wallet (segments x the destination's price per segment) in the same write as its record. A recipient that cannot receive it (invalid, a fixed line, an uncovered country, no price) is 400; a wallet that does not cover the cost is 409 conflict (nothing sent or charged); 503 integration_not_configured when SMS is not configured; 502 upstream_error when the provider fails or refuses the recipient (the message is recorded as failed, its cost refunded, and it is not retried).
         *
         *     Requires the scope `sms:send`.
         */
        post: operations["sendSms"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sms/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * SMS history
         * @description Every SMS sent through the API, newest first, with its segments, cost, status and the provider's id. Filter: `status`.
         *
         *     Requires the scope `sms:read`.
         */
        get: operations["listSmsHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/inbox/mailboxes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Shared mailboxes this key can read
         * @description The company's shared mailboxes this key may read (every one, unless the key was restricted to some when it was issued), newest first, with their kind and what it supports.
         *
         *     Requires the scope `inbox:read`.
         */
        get: operations["listMailboxes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/whatsapp/connections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List connected WhatsApp numbers
         * @description The company's WhatsApp numbers, newest first, paged by cursor. The provider tokens are held by the service, sealed, and never shown.
         *
         *     Requires the scope `whatsapp:read`.
         */
        get: operations["listWhatsAppConnections"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/whatsapp/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Who can be written to, and how
         * @description Checks up to 100 phones without sending: each one's E.164 form and region, whether the contact wrote to the company's number in the last 24 hours (the customer-service window), and what can be sent: text (window open), template_only (window closed) or none (not a number that can be on WhatsApp, with the reason). 503 integration_not_configured when the company has no connected number.
         *
         *     Requires the scope `whatsapp:send`.
         */
        post: operations["checkWhatsAppPhones"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/whatsapp/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List messages (receive by polling)
         * @description The company's WhatsApp messages (both directions, every conversation; notes excluded) after `since`, oldest first, in the order they were recorded. Pass `next_since` back as `since`: a poller never misses or repeats a message, also while messages arrive during the poll (the position is a sequence assigned as each message is committed, not a time). Status changes of messages already read are delivered as events (webhooks). `limit` is clamped to 1..100.
         *
         *     Requires the scope `whatsapp:read`.
         */
        get: operations["pollWhatsAppMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/whatsapp/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a message (text or template)
         * @description Sends at once, from the company's first connected number, through the WhatsApp provider, and answers the message with the provider's id. Free text only within 24 hours of the contact's last message, else 422 (send an approved template instead); 422 too when the provider refuses the recipient, when the number cannot be on WhatsApp, or when the company has no connected number. 502 when the provider fails: the message is recorded as failed (event whatsapp.message.failed) and nothing is retried behind the caller's back.
         *
         *     Requires the scope `whatsapp:send`.
         */
        post: operations["sendWhatsAppMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/whatsapp/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List approved templates
         * @description The approved message templates of the company's WhatsApp Business Account, read from the provider (502 when it fails), in its order, paged by its cursor. A company without a connected number has none.
         *
         *     Requires the scope `whatsapp:read`.
         */
        get: operations["listWhatsAppTemplates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/whatsapp/typing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Show typing and mark a message read
         * @description Marks an inbound message read (with the earlier ones of its conversation) and shows its sender the typing indicator. 422 for an outbound message or a note, or one received more than 24 hours ago; 404 for an unknown id; 503 when the number it came in on is no longer connected; 502 when the provider fails.
         *
         *     Requires the scope `whatsapp:send`.
         */
        post: operations["showWhatsAppTyping"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/whatsapp/whitelist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reserve a number's thread for an external bot
         * @description Puts the phone on the whitelist: its inbound messages go to webhooks only and the native automation stays silent. Idempotent (again: 200, `changed: false`, the first time kept). 422 for a number that cannot be on WhatsApp; 503 when the company has no connected number.
         *
         *     Requires the scope `whatsapp:send`.
         */
        post: operations["reserveWhatsAppThread"];
        /**
         * Return a number's thread to the native AI
         * @description Takes the phone (query `phone`) off the whitelist: the native automation answers it again. Idempotent (a phone not on the list: 200, `changed: false`). 422 for a number that cannot be on WhatsApp; 503 when the company has no connected number.
         *
         *     Requires the scope `whatsapp:send`.
         */
        delete: operations["releaseWhatsAppThread"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agency/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Channel aggregate for a period
         * @description The agency's subaccounts now by status (and how many were created in the period), and their calls, talk minutes and spend over the period. `scope` says which subaccounts: `tree` (the default) counts every account of the agency's tree down to the configured depth, `direct` its direct subaccounts only; the answer repeats it. Over the period's dates. Dates are YYYY-MM-DD, both ends included: `to` defaults to today in the agency's time zone, `from` to 29 days before it; reversed, invalid or over ten years is 400. Each subaccount's calls and spend are counted over those dates in its own time zone, as its GET /calls reads them; spend is charges minus refunds of its wallet, per currency.
         *
         *     Requires the scope `agency:read`.
         */
        get: operations["getAgencyStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agency/subaccounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a subaccount
         * @description Creates a client company under the key's company, active, with a plan (the agency's own or one below it) and its owner's email (one subaccount per owner email in the agency's tree: another is 409). It inherits the agency's region, currency and VAT rate. When the agency has a setup price, it is debited from the agency's wallet in the same transaction (a balance that does not cover it is 409, nothing created). A retry with the same Idempotency-Key answers the first outcome and never charges twice. No outside provider is involved, so this implementation never answers the declared 503. Emits subaccount.created.
         *
         *     Requires the scope `agency:write`.
         */
        post: operations["createSubaccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Delivery attempt log
         * @description Every delivery attempt of the company's events, newest first (created_at, then id, descending): status code, duration, error, attempt number, trigger and when the next retry is due. Filter with success=true|false.
         *
         *     Requires the scope `webhooks:read`.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events/catalog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Event catalogue
         * @description Every event type the API emits, with the JSON Schema of its data. Deliveries follow Standard Webhooks: body { id, type, timestamp, data }; headers webhook-id (the event id), webhook-timestamp, webhook-signature.
         *
         *     Requires the scope `webhooks:read`.
         */
        get: operations["getEventCatalog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Re-send a webhook delivery
         * @description Sends the event of a logged delivery again to the current subscription, with the same webhook-id (the event id) and the current signing secret. The replay is a new delivery (trigger manual), retried like any other. 409 when the company has no enabled subscription.
         *
         *     Requires the scope `webhooks:write`.
         */
        post: operations["replayWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/team/invites/{invite_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a pending invitation
         * @description Marks a pending invitation revoked (the row is kept, with revoked_at) and answers it. Only a pending, unexpired invite can be revoked: an accepted, already revoked or expired invite answers 404, exactly like an unknown id or another company's (the operation declares no 409). Revoking again is therefore 404.
         *
         *     Requires the scope `invites:revoke`.
         */
        delete: operations["revokeTeamInvite"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/addons/{addon_type}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Cancel an add-on
         * @description Cancels a hired add-on now; what it adds (simultaneous calls) ends with it, and nothing is refunded. An add-on not hired (or not in the catalogue) is 404.
         *
         *     Requires the scope `billing:write`.
         */
        delete: operations["cancelAddon"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/kb/collections/{collection_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Rename or describe a collection
         * @description Changes the collection's name and/or description (null clears the description); its documents are unchanged. Another company's collection is 404.
         *
         *     Requires the scope `kb:write`.
         */
        patch: operations["updateKnowledgeBaseCollection"];
        trace?: never;
    };
    "/api/v1/agency/subaccounts/{subaccount_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Activate or suspend a subaccount
         * @description Sets the subaccount's status to active or suspended. Suspending it suspends its whole subtree too (every active account below it); activating it restores exactly what that suspension suspended (an account below it that was suspended on its own stays suspended). Its API keys, and those of every account it changed, answer 401 from the next request on. The status it already has is 409 (also when another request changed it first), and so is activating an account suspended because an account above it is; the problem's `subaccount_status` says its status (and `suspended_by` which suspension holds it, when not its own). Emits subaccount.status_changed. Never answers the declared 503. The key's company's whole tree is reachable: its subaccounts, their subaccounts and so on, down to the configured depth (AGENCY_MAX_DEPTH, 5 levels unless set). Any other id (the agency itself, its parent, another tree, an account deeper than the reach) is 404, exactly as an id that does not exist.
         *
         *     Requires the scope `agency:write`.
         */
        patch: operations["updateSubaccountStatus"];
        trace?: never;
    };
    "/api/v1/contacts/{contact_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * View a contact
         * @description One contact of the key's company; any other id (another company's included) is 404.
         *
         *     Requires the scope `contacts:read`.
         */
        get: operations["getContact"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a contact
         * @description Changes the fields sent: an omitted field stays, null clears it, tags are replaced, custom_fields are merged (a null value removes that field; the merged result may hold at most 50). The contact must keep a phone or an email. Taking another contact's phone or email is 409 conflict naming it (existing_contact_id). Concurrent updates never lose each other's changes: each applies to the contact as the other left it.
         *
         *     Requires the scope `contacts:write`.
         */
        patch: operations["updateContact"];
        trace?: never;
    };
    "/api/v1/contact-lists/{list_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * View a contact list
         * @description One list of the key's company with its member count; any other id (another company's included) is 404.
         *
         *     Requires the scope `contacts:read`.
         */
        get: operations["getContactList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Rename or describe a contact list
         * @description Changes name and/or description (null clears the description). Members are unchanged.
         *
         *     Requires the scope `contacts:write`.
         */
        patch: operations["updateContactList"];
        trace?: never;
    };
    "/api/v1/announcements/{announcement_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an announcement
         * @description One announcement the key's company received. A withdrawn announcement is 404, like an unknown id or another company's.
         *
         *     Requires the scope `announcements:read`.
         */
        get: operations["getAnnouncement"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agents/{agent_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * View an agent
         * @description One agent of the key's company; any other id (another company's, or one that is not an id) is 404.
         *
         *     Requires the scope `agents:read`.
         */
        get: operations["getAgent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update content (greeting, prompt, voice)
         * @description Changes the agent's greeting, prompt or voice: the fields sent change, the others stay; any other field is 400. The voice must be one of the platform's and speak the agent's language (else 400 naming body.voice). Concurrent updates never lose each other's changes. Creates no version (versions are agent.yaml submissions). Emits agent.updated.
         *
         *     Requires the scope `agents:write`.
         */
        patch: operations["updateAgent"];
        trace?: never;
    };
    "/api/v1/calls/{call_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * View a call
         * @description One call of the key's company. An id that is not a UUID is 400; any other unknown id (another company's included) is 404.
         *
         *     Requires the scope `calls:read`.
         */
        get: operations["getCall"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sip-trunks/{trunk_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a SIP trunk
         * @description Deletes the trunk (nothing is refunded). A trunk that phone numbers still route through is 409. Emits sip_trunk.deleted.
         *
         *     Requires the scope `sip-trunks:write`.
         */
        delete: operations["deleteSipTrunk"];
        options?: never;
        head?: never;
        /**
         * Modify a SIP trunk
         * @description Changes the fields sent; a new password replaces the stored one (still write-only). Another trunk's name is 409. Concurrent changes each apply (compare-and-set on the trunk's version, applied again over the other). Emits sip_trunk.updated with the names of the changed fields.
         *
         *     Requires the scope `sip-trunks:write`.
         */
        patch: operations["updateSipTrunk"];
        trace?: never;
    };
    "/api/v1/numbers/{number_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Rename a number
         * @description Gives the number a new name and answers the number as written. Only the name can change: any other field is 400. An id that is not a UUID is 400; an unknown id (another company's included) is 404. Emits number.renamed.
         *
         *     Requires the scope `numbers:write`.
         */
        patch: operations["renameNumber"];
        trace?: never;
    };
    "/api/v1/email-templates/{template_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * View a template
         * @description One template of the key's company, with the placeholders it uses; any other id (another company's included) is 404.
         *
         *     Requires the scope `campaigns:read`.
         */
        get: operations["getEmailTemplate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Edit a template
         * @description Changes name, subject, body or text body (null removes the text body); omitted fields stay. The template after the change is parsed as a whole: Placeholders in double braces name a contact field (`name`, `first_name`, `last_name`, `email`, `phone`, `company`) or `custom_fields.<key>`; a broken tag, an unknown placeholder, a partial (`{{>x}}`) or an unescaped value in the HTML body (`{{{x}}}`) is 400 validation_error, each error naming the field, the placeholder, and its line and column.
         *
         *     Requires the scope `campaigns:write`.
         */
        patch: operations["updateEmailTemplate"];
        trace?: never;
    };
    "/api/v1/sequences/{sequence_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Archive a sequence
         * @description Archives the sequence: the row and its enrollments stay, and it accepts no new enrollment. Archiving an archived sequence answers 200 with it, unchanged.
         *
         *     Requires the scope `campaigns:write`.
         */
        delete: operations["archiveSequence"];
        options?: never;
        head?: never;
        /**
         * Edit a sequence
         * @description Renames the sequence, replaces its steps, or both. An archived sequence cannot be edited (400 naming its state).
         *
         *     Requires the scope `campaigns:write`.
         */
        patch: operations["updateSequence"];
        trace?: never;
    };
    "/api/v1/campaigns/{campaign_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * View a campaign
         * @description One campaign of the key's company with its counts; any other id (another company's included) is 404.
         *
         *     Requires the scope `campaigns:read`.
         */
        get: operations["getCampaign"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Edit an email campaign
         * @description Edits name, agent, template and scheduled_at, and moves the status along the allowed transitions only: draft -> scheduled (with scheduled_at in the future) or archived; scheduled -> draft or archived; sending -> paused; paused -> sending, completed or archived; completed -> archived. A forbidden move is 400 naming the current status (`current_status`); a completed or archived campaign cannot be edited; agent and template change only before the first dispatch.
         *
         *     Requires the scope `campaigns:write`.
         */
        patch: operations["updateCampaign"];
        trace?: never;
    };
    "/api/v1/conversations/{conversation_uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * View a conversation
         * @description One conversation of the key's company: contact, number, status, mode (and who took it over), window, last message, unread count. A malformed id is 400; another company's is 404.
         *
         *     Requires the scope `whatsapp:read`.
         */
        get: operations["getConversation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/subaccounts/{subaccount_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an account of the tree
         * @description One subaccount: name, plan, status, owner. The key's company's whole tree is reachable: its subaccounts, their subaccounts and so on, down to the configured depth (AGENCY_MAX_DEPTH, 5 levels unless set). Any other id (the agency itself, its parent, another tree, an account deeper than the reach) is 404, exactly as an id that does not exist.
         *
         *     Requires the scope `subaccounts:read`.
         */
        get: operations["getSubaccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys/{key_id}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the calling key
         * @description Issues a new key with the same name and scopes and revokes the calling key at once (no grace period). key_id must be the id of the key making the call; any other id answers 404. The new key keeps the old one's rate-limit window and Idempotency-Key records. The response is not kept for Idempotency-Key replay, since it holds a secret. Exactly one rotation of a key succeeds: concurrent rotations of the same key after the first answer 401 (the key is revoked) and create nothing.
         *
         *     Requires the scope `api-keys:write`.
         */
        post: operations["rotateApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/contact-lists/{list_id}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the contacts of a list
         * @description Contacts in the list, most recently added first (added_at, then contact id, descending).
         *
         *     Requires the scope `contacts:read`.
         */
        get: operations["listContactListMembers"];
        put?: never;
        /**
         * Add contacts to a list
         * @description Adds 1 to 1000 contacts of the key's company. Idempotent: a contact already in the list is counted in already_members and left unchanged. An id that is not a contact of the company (another company's included) is never stored and is returned in not_found; the others are still added.
         *
         *     Requires the scope `contacts:write`.
         */
        post: operations["addContactListMembers"];
        /**
         * Remove contacts from a list
         * @description Removes 1 to 1000 contacts from the list (body { contact_ids }). Idempotent: ids that are not in the list are returned in not_members. The contacts themselves are never deleted.
         *
         *     Requires the scope `contacts:write`.
         */
        delete: operations["removeContactListMembers"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agents/{agent_id}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List agent versions
         * @description The agent's versions, newest (highest number) first, each with its agent.yaml.
         *
         *     Requires the scope `agents:read`.
         */
        get: operations["listAgentVersions"];
        put?: never;
        /**
         * Submit an agent.yaml, create a draft version
         * @description Stores an agent.yaml as a draft version numbered one past the latest. Send the file as JSON `{ "yaml": "<the file>" }` (application/json, the form generated clients send), as the body itself (Content-Type application/yaml or text/yaml, UTF-8) or as the part named file of multipart/form-data; at most 65536 bytes. It is parsed as YAML 1.2: a syntax error is 400 with its line and column; a schema error is 400 listing each field's path (`body.<key>`) with its line and column. base_version must be the agent's latest version: otherwise 409 version_conflict, whose latest_version names it. Of concurrent submissions from the same base exactly one is stored; the others answer that 409. Publishing happens in the panel. Emits agent.version_created.
         *
         *     Requires the scope `agents:write`.
         */
        post: operations["createAgentVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/calls/{call_id}/labels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Label a call
         * @description Adds a label of the company's catalogue (GET /call-labels) to the call; a key the catalogue lacks is 400. Adding a label the call already carries changes nothing and also answers 200, with added false (and emits no event). A call that started longer ago than the company's retention (365 days unless the account sets another) is archived: it can still be read, but this write answers 409 conflict (archived: true).
         *
         *     Requires the scope `calls:write`.
         */
        post: operations["addCallLabel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/calls/{call_id}/member": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Assign team people to a call
         * @description Replaces the team members assigned to the call with member_ids. An id that is no member of the company's team is 400; a member who is not active (suspended) is 409 conflict, naming them in inactive_member_ids, and nothing changes. Concurrent assignments never mix: the call ends with the members of one of them. A call that started longer ago than the company's retention (365 days unless the account sets another) is archived: it can still be read, but this write answers 410 gone.
         *
         *     Requires the scope `calls:write`.
         */
        put: operations["assignCallMembers"];
        post?: never;
        /**
         * Remove the assignment
         * @description Removes every team member assigned to the call and answers the call; 200 also when none was assigned (then nothing is written). A call that started longer ago than the company's retention (365 days unless the account sets another) is archived: it can still be read, but this write answers 409 conflict (archived: true).
         *
         *     Requires the scope `calls:write`.
         */
        delete: operations["unassignCallMembers"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/knowledge-bases/{kb_id}/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Search inside a knowledge base
         * @description Full-text search of the base's documents (SQLite FTS5): `query` is plain text of 1 to 500 characters, cut into words that are matched whatever their case and accents, the last one also as the start of a word; documents holding more of the words, rarer ones, and in the title rank higher (BM25). No search syntax applies: quotes, operators and symbols are plain text. A query with no letter or digit is 400. `limit` (1 to 20, default 5) caps the hits; `collection_id` keeps one collection of the base (another is 400). Each hit has the document's id, title, its best passage as HTML with the matched words in `<mark>`, and a score.
         *
         *     Requires the scope `kb:read`.
         */
        post: operations["searchKnowledgeBase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sequences/{sequence_id}/enroll": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enroll contacts in a sequence
         * @description Enrolls 1 to 1000 contacts (contact_ids), or every member of a contact list (list_id). Each contact is enrolled once: one already enrolled is counted in already_enrolled, not enrolled again. Ids that are no contact (or list) of the company come back in not_found and are never stored. An archived sequence accepts no enrollment (400 naming its state).
         *
         *     Requires the scope `campaigns:write`.
         */
        post: operations["enrollSequenceContacts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaigns/{campaign_id}/attempts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Attempts of a campaign
         * @description One attempt per recipient and batch: queued, sent or failed with its reason, newest first; filters `status` and `contact_id`.
         *
         *     Requires the scope `campaigns:read`.
         */
        get: operations["listCampaignAttempts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaigns/{campaign_id}/enrollments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Enrollments of a campaign
         * @description The campaign's recipients, each contact once, with where each stands (pending, queued, sent, failed); newest first; filter `status`.
         *
         *     Requires the scope `campaigns:read`.
         */
        get: operations["listCampaignEnrollments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaigns/{campaign_id}/lists": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * View the audience
         * @description The contact lists of the campaign's audience, most recently added first, with their current member counts.
         *
         *     Requires the scope `campaigns:read`.
         */
        get: operations["listCampaignLists"];
        put?: never;
        /**
         * Add lists to the audience
         * @description Adds 1 to 100 contact lists of the company to the audience. Idempotent: a list already in it is counted in already_in_audience. Ids that are no list of the company come back in not_found and are never stored. The audience changes only until the first dispatch enrolls it (then 400 naming the state).
         *
         *     Requires the scope `campaigns:write`.
         */
        post: operations["addCampaignLists"];
        /**
         * Remove lists from the audience
         * @description Removes 1 to 100 lists from the audience (body { list_ids }). Idempotent: lists of the company that were not in it come back in not_in_audience, other ids in not_found. The lists and their contacts are untouched. Only until the first dispatch (then 400 naming the state).
         *
         *     Requires the scope `campaigns:write`.
         */
        delete: operations["removeCampaignLists"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/campaigns/{campaign_id}/dispatch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Dispatch a batch of a campaign (spends balance)
         * @description Sends the next batch (`batch_size`, default 100, at most 500). The first dispatch enrolls the audience once: contacts deduplicated across its lists, those without an email or tagged `unsubscribed` skipped and counted. Each recipient of the batch gets the template rendered with its fields and one attempt; the wallet is charged the email rate per recipient in the same transaction, and the sends go to the email provider in the background (see the attempts). 409 `conflict` when the campaign cannot be dispatched (no template or audience, paused, completed, archived, a batch still in flight, or another dispatch first); 409 `insufficient_balance` when the wallet does not cover the batch (nothing recorded); 503 `integration_not_configured` without an email provider. Requires an Idempotency-Key: a retry with the same key answers the first outcome and never sends twice.
         *
         *     Requires the scope `campaigns:dispatch`.
         */
        post: operations["dispatchCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/inbox/{mailbox_id}/folders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Folders with counters
         * @description Every folder of the mailbox in display order, with its total and unread counters. Only mailboxes this key may read: any other id (another company's, or one not granted to the key) is 404. A forwarding mailbox has no folders (501 not_implemented). A jmap mailbox's counters are read live from its mail server: 502 upstream_error when it fails.
         *
         *     Requires the scope `inbox:read`.
         */
        get: operations["listMailboxFolders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/inbox/{mailbox_id}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Messages of a shared mailbox
         * @description The mailbox's messages without their bodies, newest first. Filters: `folder_id`, `unread` (an invalid one is 400). Only mailboxes this key may read: any other id (another company's, or one not granted to the key) is 404.
         *
         *     Requires the scope `inbox:read`.
         */
        get: operations["listMailboxMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/conversations/{conversation_uuid}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List messages
         * @description The conversation's messages and notes, newest first, paged by cursor (`limit`, `cursor`).
         *
         *     Requires the scope `whatsapp:read`.
         */
        get: operations["listConversationMessages"];
        put?: never;
        /**
         * Reply in a conversation
         * @description Records a message; the API never calls the provider itself. A `text` reply is stored `queued` and handed to the gateway (the Queue), which sends it and sets its status to `sent`, or `failed` after its retries (event whatsapp.message.failed): 202 with the message. A text reply needs the conversation open, taken over by a human (POST …/takeover), and the contact to have written in the last 24 hours; otherwise 409. A `note` is an internal note of the team, stored and never sent: 200, in any mode.
         *
         *     Requires the scope `whatsapp:send`.
         */
        post: operations["replyInConversation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/conversations/{conversation_uuid}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Return control
         * @description Returns the conversation to the automation (mode ai). Already with the automation: 409. Two concurrent requests: one 200, one 409.
         *
         *     Requires the scope `whatsapp:send`.
         */
        post: operations["resumeConversation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/conversations/{conversation_uuid}/takeover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Human takeover
         * @description Gives the conversation to a person of the team (mode human, taken over by the calling key, now): the automation stops answering and replies can be sent. Already taken over: 409. Two concurrent takeovers: one 200, one 409.
         *
         *     Requires the scope `whatsapp:send`.
         */
        post: operations["takeOverConversation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/subaccounts/{subaccount_id}/branding": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read branding
         * @description The subaccount's branding (null fields are not set), whether its custom domain is verified, and the TXT record to publish to verify it: host `_svc-verify.<domain>`, value `svc-verify=<account id>`. The key's company's whole tree is reachable: its subaccounts, their subaccounts and so on, down to the configured depth (AGENCY_MAX_DEPTH, 5 levels unless set). Any other id (the agency itself, its parent, another tree, an account deeper than the reach) is 404, exactly as an id that does not exist.
         *
         *     Requires the scope `branding:read`.
         */
        get: operations["getSubaccountBranding"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Edit branding (name, logo, colours, own domain)
         * @description Changes the fields sent (omitted fields stay, null removes one): company_name, primary_color (#RRGGBB), logo_url (https only), custom_domain (a host name). custom_domain_verified is read-only: sending it is 400. A custom domain another account uses is 409. A custom_domain other than the current one is unverified, in the same write. Emits subaccount.branding_updated. The key's company's whole tree is reachable: its subaccounts, their subaccounts and so on, down to the configured depth (AGENCY_MAX_DEPTH, 5 levels unless set). Any other id (the agency itself, its parent, another tree, an account deeper than the reach) is 404, exactly as an id that does not exist.
         *
         *     Requires the scope `branding:write`.
         */
        patch: operations["updateSubaccountBranding"];
        trace?: never;
    };
    "/api/v1/subaccounts/{subaccount_id}/packaging": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read packaging gates
         * @description The subaccount's packaging gates: allow_signup, hide_plans, hide_addons (all false until set). The key's company's whole tree is reachable: its subaccounts, their subaccounts and so on, down to the configured depth (AGENCY_MAX_DEPTH, 5 levels unless set). Any other id (the agency itself, its parent, another tree, an account deeper than the reach) is 404, exactly as an id that does not exist.
         *
         *     Requires the scope `branding:read`.
         */
        get: operations["getSubaccountPackaging"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Edit packaging gates
         * @description Changes the gates sent (booleans; omitted gates stay; at least one). Emits subaccount.packaging_updated. The key's company's whole tree is reachable: its subaccounts, their subaccounts and so on, down to the configured depth (AGENCY_MAX_DEPTH, 5 levels unless set). Any other id (the agency itself, its parent, another tree, an account deeper than the reach) is 404, exactly as an id that does not exist.
         *
         *     Requires the scope `branding:write`.
         */
        patch: operations["updateSubaccountPackaging"];
        trace?: never;
    };
    "/api/v1/subaccounts/{subaccount_id}/branding/verify-domain": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify the own domain against DNS
         * @description Looks up the TXT record of the branding's dns_record over DNS (DNS over HTTPS) and marks the custom domain verified when the exact value is published (emits subaccount.domain_verified). Otherwise it answers 200 with verified as it was and `result` and `reason` saying why: no record, other values, or a resolver that could not answer (this operation declares no 502 or 503). A failed check never revokes an earlier verification; only a new custom_domain does. Without a custom domain it is 400. The key's company's whole tree is reachable: its subaccounts, their subaccounts and so on, down to the configured depth (AGENCY_MAX_DEPTH, 5 levels unless set). Any other id (the agency itself, its parent, another tree, an account deeper than the reach) is 404, exactly as an id that does not exist.
         *
         *     Requires the scope `branding:write`.
         */
        post: operations["verifySubaccountDomain"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/calls/{call_id}/labels/{label_key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a label
         * @description Removes the label from the call and answers the call. A label the call does not carry is 404. A call that started longer ago than the company's retention (365 days unless the account sets another) is archived: it can still be read, but this write answers 409 conflict (archived: true).
         *
         *     Requires the scope `calls:write`.
         */
        delete: operations["removeCallLabel"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/inbox/{mailbox_id}/messages/{message_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One message with body
         * @description One message with its plain-text and HTML bodies and its attachments' metadata. Only mailboxes this key may read: any other id (another company's, or one not granted to the key) is 404.
         *
         *     Requires the scope `inbox:read`.
         */
        get: operations["getMailboxMessage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/inbox/{mailbox_id}/conversations/{conversation_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Full thread
         * @description Every message of one conversation (thread), oldest first, with bodies and attachment metadata. A forwarding mailbox has no conversations (501 not_implemented). Only mailboxes this key may read: any other id (another company's, or one not granted to the key) is 404.
         *
         *     Requires the scope `inbox:read`.
         */
        get: operations["getMailboxConversation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/inbox/{mailbox_id}/messages/{message_id}/attachments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Attachments of a message
         * @description The message's attachments (name, type, size, whether the content can be downloaded); attachments above 15 MiB are listed too. Only mailboxes this key may read: any other id (another company's, or one not granted to the key) is 404.
         *
         *     Requires the scope `inbox:read`.
         */
        get: operations["listMessageAttachments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/inbox/{mailbox_id}/messages/{message_id}/attachments/{attachment_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download attachment content (base64)
         * @description The attachment's content, base64-encoded in JSON, with its name, type and size. Content above 15 MiB (15,728,640 bytes) is not served: 413 attachment_too_large. Only mailboxes this key may read: any other id (another company's, or one not granted to the key) is 404.
         *
         *     Requires the scope `inbox:read`.
         */
        get: operations["downloadMessageAttachment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "addon.cancelled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * addon.cancelled
         * @description A hired add-on was cancelled.
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `addon.cancelled` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onAddonCancelled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "addon.hired": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * addon.hired
         * @description An add-on was hired and its first month charged.
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `addon.hired` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onAddonHired"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "agent.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * agent.updated
         * @description An agent's content was changed (PATCH /agents/{agent_id}); `agent` is the agent after the change, `changed_fields` the fields the request sent.
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `agent.updated` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onAgentUpdated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "agent.version_created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * agent.version_created
         * @description An agent.yaml was submitted and stored as a draft version (POST /agents/{agent_id}/versions); the file itself is read from GET /agents/{agent_id}/versions.
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `agent.version_created` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onAgentVersionCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "alert.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * alert.updated
         * @description An alert was configured, silenced, dismissed or undismissed (PATCH /alerts); `alert` is the alert after the change with its state then, `changed_fields` the stored fields that changed.
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `alert.updated` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onAlertUpdated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "budget.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * budget.created
         * @description A draft budget was created through the API.
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `budget.created` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onBudgetCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "calendar.override_removed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * calendar.override_removed
         * @description A date's exception was removed: it follows its weekday's hours again; `override` is the exception as it was.
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `calendar.override_removed` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onCalendarOverrideRemoved"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "calendar.override_set": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * calendar.override_set
         * @description A date got its own hours, or was closed; `override` is the exception as stored.
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `calendar.override_set` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onCalendarOverrideSet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "calendar.schedule_updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * calendar.schedule_updated
         * @description The weekly working hours (or their time zone) were set.
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `calendar.schedule_updated` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onCalendarScheduleUpdated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "call.assigned": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * call.assigned
         * @description The team members assigned to a call were replaced: member_ids are the new ones, previous_member_ids those they replaced.
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `call.assigned` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onCallAssigned"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "call.dialled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * call.dialled
         * @description An outbound call was launched through POST /calls/dial: its reservation was taken from the wallet and it was queued for the provider.
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `call.dialled` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onCallDialled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "call.labeled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * call.labeled
         * @description A label of the company's catalogue was added to a call (adding a label the call already carries emits nothing).
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `call.labeled` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onCallLabeled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "call.recorded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * call.recorded
         * @description The voice service reported a call it handled (an inbound call, or an outbound one it handled), recorded with its result, times, summary, labels and qualification verdict: `call` is the call as GET /calls/{call_id} shows it. A repeated report of the same call emits nothing.
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `call.recorded` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onCallRecorded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "call.settled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * call.settled
         * @description A dialled call ended (or could not be placed) and its reservation was settled against its real cost.
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `call.settled` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onCallSettled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "call.unassigned": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * call.unassigned
         * @description Every team member assigned to a call was removed (member_ids: the ones removed; removing when none were assigned emits nothing).
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `call.unassigned` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onCallUnassigned"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "call.unlabeled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * call.unlabeled
         * @description A label was removed from a call.
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `call.unlabeled` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onCallUnlabeled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "campaign.audience_changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * campaign.audience_changed
         * @description Contact lists were added to or removed from a campaign's audience (only those that changed).
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `campaign.audience_changed` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onCampaignAudienceChanged"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "campaign.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * campaign.created
         * @description A campaign was created (as a draft).
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `campaign.created` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onCampaignCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "campaign.dispatched": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * campaign.dispatched
         * @description A batch of a campaign was queued for sending and charged to the wallet.
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `campaign.dispatched` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onCampaignDispatched"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "campaign.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * campaign.updated
         * @description A campaign was edited or moved to another status; `campaign` is the campaign after the change, `changed_fields` the fields the request sent, `previous_status` its status before.
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `campaign.updated` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onCampaignUpdated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "contact_list.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * contact_list.created
         * @description A contact list was created.
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `contact_list.created` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onContactListCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "contact_list.members_added": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * contact_list.members_added
         * @description Contacts were added to a list (only those not already in it).
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `contact_list.members_added` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onContactListMembersAdded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "contact_list.members_removed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * contact_list.members_removed
         * @description Contacts were removed from a list (the contacts themselves are kept).
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `contact_list.members_removed` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onContactListMembersRemoved"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "contact_list.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * contact_list.updated
         * @description A contact list was renamed or described; `list` is the list after the change, `changed_fields` the fields the request sent.
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `contact_list.updated` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onContactListUpdated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "contact.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * contact.created
         * @description A contact was created (POST /contacts, or POST /contacts/identify when no contact had the phone).
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `contact.created` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onContactCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "contact.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * contact.updated
         * @description A contact was changed; `contact` is the contact after the change, `changed_fields` the fields the request sent.
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `contact.updated` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onContactUpdated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "contacts.imported": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * contacts.imported
         * @description A batch import finished: counts of created, skipped (duplicate) and rejected (invalid) rows, and the ids created.
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `contacts.imported` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onContactsImported"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "conversation.resumed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * conversation.resumed
         * @description A conversation was returned to the automation (POST /conversations/{conversation_uuid}/resume).
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `conversation.resumed` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onConversationResumed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "conversation.taken_over": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * conversation.taken_over
         * @description A person of the team took a conversation over from the automation (POST /conversations/{conversation_uuid}/takeover).
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `conversation.taken_over` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onConversationTakenOver"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "email_template.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * email_template.created
         * @description An email template was created (without its bodies).
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `email_template.created` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onEmailTemplateCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "email_template.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * email_template.updated
         * @description An email template was edited; `template` is the template after the change (without its bodies), `changed_fields` the fields the request sent.
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `email_template.updated` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onEmailTemplateUpdated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "invite.revoked": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * invite.revoked
         * @description A pending team invitation was revoked; its link no longer admits anyone.
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `invite.revoked` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onInviteRevoked"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "kb_collection.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * kb_collection.updated
         * @description A knowledge-base collection was renamed or described; `collection` is the collection after the change, `changed_fields` the fields the request sent.
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `kb_collection.updated` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onKbCollectionUpdated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "number.renamed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * number.renamed
         * @description A phone number of the company was given a new name.
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `number.renamed` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onNumberRenamed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "recado.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * recado.created
         * @description An agent took a message slip during a call (the voice service reported it with the call); data is the slip as GET /recados lists it.
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `recado.created` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onRecadoCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "sequence.archived": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * sequence.archived
         * @description A sequence was archived (its enrollments are kept; it accepts no new ones).
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `sequence.archived` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onSequenceArchived"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "sequence.contacts_enrolled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * sequence.contacts_enrolled
         * @description Contacts were enrolled in a sequence (only those not already enrolled).
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `sequence.contacts_enrolled` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onSequenceContactsEnrolled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "sequence.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * sequence.created
         * @description A sequence was created.
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `sequence.created` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onSequenceCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "sequence.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * sequence.updated
         * @description A sequence was renamed or its steps replaced; `sequence` is the sequence after the change, `changed_fields` the fields the request sent.
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `sequence.updated` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onSequenceUpdated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "sip_trunk.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * sip_trunk.created
         * @description A SIP trunk was created (and its monthly price charged); its password is never part of an event.
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `sip_trunk.created` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onSipTrunkCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "sip_trunk.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * sip_trunk.deleted
         * @description A SIP trunk was deleted.
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `sip_trunk.deleted` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onSipTrunkDeleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "sip_trunk.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * sip_trunk.updated
         * @description A SIP trunk was changed; `changed_fields` names the fields (password included when it was replaced, never its value).
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `sip_trunk.updated` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onSipTrunkUpdated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "subaccount.branding_updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * subaccount.branding_updated
         * @description A subaccount's branding changed (PATCH .../branding); `changed_fields` are the fields sent (a new custom_domain is unverified until verify-domain finds its record).
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `subaccount.branding_updated` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onSubaccountBrandingUpdated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "subaccount.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * subaccount.created
         * @description The agency created a subaccount (POST /agency/subaccounts); `setup_charge_minor` is what it cost the agency, in minor units of `currency` (0 without a setup price).
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `subaccount.created` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onSubaccountCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "subaccount.domain_verified": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * subaccount.domain_verified
         * @description verify-domain found the subaccount's TXT record and marked its custom domain verified (sent once per verification).
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `subaccount.domain_verified` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onSubaccountDomainVerified"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "subaccount.packaging_updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * subaccount.packaging_updated
         * @description A subaccount's packaging gates changed (PATCH .../packaging); `changes` holds the gates sent, with their new values.
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `subaccount.packaging_updated` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onSubaccountPackagingUpdated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "subaccount.status_changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * subaccount.status_changed
         * @description The agency activated or suspended a subaccount (PATCH /agency/subaccounts/{subaccount_id}); a suspended subaccount's keys answer 401.
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `subaccount.status_changed` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onSubaccountStatusChanged"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "subscription.changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * subscription.changed
         * @description The plan was hired, upgraded (in force now), a downgrade was scheduled for the end of the period, or the subscription was cancelled at the end of the period.
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `subscription.changed` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onSubscriptionChanged"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "wallet.topped_up": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * wallet.topped_up
         * @description The wallet was topped up by card (POST /billing/topups).
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `wallet.topped_up` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onWalletToppedUp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "whatsapp.message.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * whatsapp.message.failed
         * @description An outbound WhatsApp message could not be sent: the provider refused it, or failed on every retry of a queued reply. `error` says why.
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `whatsapp.message.failed` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onWhatsappMessageFailed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "whatsapp.message.sent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * whatsapp.message.sent
         * @description The provider accepted an outbound WhatsApp message (a queued conversation reply once the gateway sent it, or POST /whatsapp/send).
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `whatsapp.message.sent` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onWhatsappMessageSent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "whatsapp.whitelist.added": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * whatsapp.whitelist.added
         * @description A phone's thread was reserved for an external bot: its inbound messages go to webhooks only and the automation stays silent (repeating it emits nothing).
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `whatsapp.whitelist.added` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onWhatsappWhitelistAdded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "whatsapp.whitelist.removed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * whatsapp.whitelist.removed
         * @description A phone's thread was returned to the automation (removing a phone that was not reserved emits nothing).
         *
         *     Delivered to the webhook subscription's URL when it subscribes to `whatsapp.whitelist.removed` (or `*`), signed as Standard Webhooks describes: `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`) headers.
         */
        post: operations["onWhatsappWhitelistRemoved"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @description The body of a `addon.cancelled` delivery. A hired add-on was cancelled. */
        AddonCancelledEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "addon.cancelled";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: {
                /** @enum {string} */
                addon_type: "extra_concurrent_calls" | "call_recording" | "advanced_analytics" | "white_label" | "priority_support";
                /** Format: date-time */
                cancelled_at: string;
            };
        };
        /** @description The body of a `addon.hired` delivery. An add-on was hired and its first month charged. */
        AddonHiredEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "addon.hired";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: {
                /** @enum {string} */
                addon_type: "extra_concurrent_calls" | "call_recording" | "advanced_analytics" | "white_label" | "priority_support";
                /** @description In major units of currency */
                charged: number;
                currency: string;
                /** Format: date-time */
                hired_at: string;
            };
        };
        /** @description The body of a `agent.updated` delivery. An agent's content was changed (PATCH /agents/{agent_id}); `agent` is the agent after the change, `changed_fields` the fields the request sent. */
        AgentUpdatedEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "agent.updated";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: {
                agent: components["schemas"]["Agent"];
                changed_fields: ("greeting" | "prompt" | "voice")[];
            };
        };
        /** @description A voice agent of the company: its language, voice, greeting, prompt, status and versions. */
        Agent: {
            /** Format: uuid */
            id: string;
            name: string;
            /**
             * @description BCP 47
             * @example es-ES
             */
            language: string;
            /**
             * @description Voice id of the platform's catalogue
             * @example es-ES-elena
             */
            voice: string;
            greeting: string;
            prompt: string;
            /**
             * @description draft: no version published yet; active: takes calls; paused: published but not taking calls
             * @enum {string}
             */
            status: "draft" | "active" | "paused";
            /** @description The template the agent was created from */
            template_id: string | null;
            /**
             * Format: int32
             * @description Number of the agent's newest version
             */
            latest_version: number;
            /**
             * Format: int32
             * @description Number of the version published in the panel; null while none is
             */
            published_version: number | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** @description The body of a `agent.version_created` delivery. An agent.yaml was submitted and stored as a draft version (POST /agents/{agent_id}/versions); the file itself is read from GET /agents/{agent_id}/versions. */
        AgentVersionCreatedEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "agent.version_created";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: {
                /** Format: uuid */
                agent_id: string;
                version: components["schemas"]["AgentVersionSummary"];
            };
        };
        /** @description A version of an agent (an agent.yaml submission), without its file. */
        AgentVersionSummary: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            agent_id: string;
            /**
             * Format: int32
             * @description 1, 2, ... per agent
             */
            number: number;
            /**
             * Format: int32
             * @description The version it was edited from; 0 for the first
             */
            base_version: number;
            /**
             * @description draft: not published; published: the agent's published version; superseded: published once, replaced since
             * @enum {string}
             */
            status: "draft" | "published" | "superseded";
            /**
             * @description template: the agent's first version, from its template; panel: made in the web panel; api: submitted through the API
             * @enum {string}
             */
            source: "template" | "panel" | "api";
            /** Format: date-time */
            created_at: string;
        };
        /** @description The body of a `alert.updated` delivery. An alert was configured, silenced, dismissed or undismissed (PATCH /alerts); `alert` is the alert after the change with its state then, `changed_fields` the stored fields that changed. */
        AlertUpdatedEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "alert.updated";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: {
                alert: components["schemas"]["Alert"];
                changed_fields: ("threshold" | "period" | "enabled" | "silenced_until" | "dismissed")[];
            };
        };
        /** @description An alert of the company: its configuration, the value it compares with now, and its state. */
        Alert: {
            /** Format: uuid */
            id: string;
            /**
             * @description low_balance: the wallet balance is below the threshold. spend: the spend of the current period (charges minus refunds) reached the threshold.
             * @enum {string}
             */
            kind: "low_balance" | "spend";
            /**
             * @description spend alerts: the calendar period in UTC (a week starts on Monday); null for low_balance
             * @enum {string|null}
             */
            period: "day" | "week" | "month" | null;
            /**
             * @description In major units of currency
             * @example 50
             */
            threshold: number;
            /**
             * @description ISO 4217, the wallet's
             * @example EUR
             */
            currency: string;
            /** @description A disabled alert is never triggered */
            enabled: boolean;
            /**
             * @description What the threshold is compared with, now, in major units: the wallet balance (low_balance) or the period's spend so far (spend). null when the wallet is in another currency than the alert.
             * @example 42.5
             */
            current: number | null;
            /**
             * Format: date-time
             * @description spend alerts: start of the current period (UTC)
             */
            period_start: string | null;
            /**
             * Format: date-time
             * @description spend alerts: end of the current period, exclusive
             */
            period_end: string | null;
            /** @description Enabled and over its threshold now (whether or not silenced or dismissed) */
            triggered: boolean;
            /**
             * @description disabled; ok (not triggered); triggered; silenced (triggered, muted until silenced_until); dismissed (triggered, acknowledged until it clears)
             * @enum {string}
             */
            status: "disabled" | "ok" | "triggered" | "silenced" | "dismissed";
            /**
             * Format: date-time
             * @description Muted until this instant; null when not silenced (or the silence ended)
             */
            silenced_until: string | null;
            /** @description The current triggering was acknowledged; it stays so until the alert clears (the balance back at the threshold, or a new period) */
            dismissed: boolean;
            /**
             * Format: date-time
             * @description When the current triggering was acknowledged; null when not dismissed
             */
            dismissed_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** @description The body of a `budget.created` delivery. A draft budget was created through the API. */
        BudgetCreatedEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "budget.created";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: {
                /** Format: uuid */
                id: string;
                budget_number: string;
                /** @enum {string} */
                status: "draft";
                client_name: string;
                client_email: string | null;
                document_currency: string;
                subtotal: number;
                iva_amount: number;
                total: number;
                /** Format: date-time */
                created_at: string;
            };
        };
        /** @description The body of a `calendar.override_removed` delivery. A date's exception was removed: it follows its weekday's hours again; `override` is the exception as it was. */
        CalendarOverrideRemovedEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "calendar.override_removed";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: {
                override: components["schemas"]["CalendarOverride"];
            };
        };
        /** @description An exception to the weekly hours for one local date. */
        CalendarOverride: {
            /**
             * Format: date
             * @example 2026-12-24
             */
            date: string;
            closed: boolean;
            /** @description Empty when closed */
            intervals: components["schemas"]["CalendarWallInterval"][];
            note: string | null;
            /** Format: date-time */
            updated_at: string;
        };
        /** @description A working interval in wall-clock time of the calendar's zone; start before end. */
        CalendarWallInterval: {
            /**
             * @description start, HH:MM in the calendar's zone
             * @example 09:00
             */
            start: string;
            /**
             * @description end, HH:MM in the calendar's zone (24:00: midnight at the end of the day)
             * @example 14:00
             */
            end: string;
        };
        /** @description The body of a `calendar.override_set` delivery. A date got its own hours, or was closed; `override` is the exception as stored. */
        CalendarOverrideSetEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "calendar.override_set";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: {
                override: components["schemas"]["CalendarOverride"];
            };
        };
        /** @description The body of a `calendar.schedule_updated` delivery. The weekly working hours (or their time zone) were set. */
        CalendarScheduleUpdatedEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "calendar.schedule_updated";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: components["schemas"]["CalendarSchedule"];
        };
        /** @description The company's weekly working hours in its calendar's time zone. */
        CalendarSchedule: {
            /** @example Europe/Madrid */
            time_zone: string;
            week: components["schemas"]["CalendarWeek"];
            /** Format: date-time */
            updated_at: string;
        };
        /** @description Every weekday with its working intervals (empty: closed) */
        CalendarWeek: {
            monday: components["schemas"]["CalendarWallInterval"][];
            tuesday: components["schemas"]["CalendarWallInterval"][];
            wednesday: components["schemas"]["CalendarWallInterval"][];
            thursday: components["schemas"]["CalendarWallInterval"][];
            friday: components["schemas"]["CalendarWallInterval"][];
            saturday: components["schemas"]["CalendarWallInterval"][];
            sunday: components["schemas"]["CalendarWallInterval"][];
        };
        /** @description The body of a `call.assigned` delivery. The team members assigned to a call were replaced: member_ids are the new ones, previous_member_ids those they replaced. */
        CallAssignedEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "call.assigned";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: {
                /**
                 * Format: uuid
                 * @description The call
                 */
                call_id: string;
                member_ids: string[];
                previous_member_ids: string[];
                /** Format: date-time */
                assigned_at: string;
            };
        };
        /** @description The body of a `call.dialled` delivery. An outbound call was launched through POST /calls/dial: its reservation was taken from the wallet and it was queued for the provider. */
        CallDialledEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "call.dialled";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: {
                /**
                 * Format: uuid
                 * @description The call's id
                 */
                id: string;
                /** @description E.164 */
                to: string;
                /** Format: uuid */
                agent_id: string;
                /** @description In major units of currency */
                reserved: number;
                currency: string;
                /** Format: date-time */
                dialled_at: string;
            };
        };
        /** @description The body of a `call.labeled` delivery. A label of the company's catalogue was added to a call (adding a label the call already carries emits nothing). */
        CallLabeledEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "call.labeled";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: {
                /**
                 * Format: uuid
                 * @description The call
                 */
                call_id: string;
                label_key: string;
                /** Format: date-time */
                labeled_at: string;
            };
        };
        /** @description The body of a `call.recorded` delivery. The voice service reported a call it handled (an inbound call, or an outbound one it handled), recorded with its result, times, summary, labels and qualification verdict: `call` is the call as GET /calls/{call_id} shows it. A repeated report of the same call emits nothing. */
        CallRecordedEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "call.recorded";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: {
                call: components["schemas"]["Call"];
                /**
                 * Format: uuid
                 * @description The message slip the agent took during the call (recado.created), or null
                 */
                recado_id: string | null;
            };
        };
        /** @description A call of the company, from the moment it is dialled or taken: its ends, agent, status, result, times, cost, labels, assigned members, qualification and summary. */
        Call: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            direction: "inbound" | "outbound";
            /**
             * @description E.164
             * @example +34912345678
             */
            from: string;
            /**
             * @description E.164
             * @example +34912345678
             */
            to: string;
            /**
             * Format: uuid
             * @description The voice agent that handled the call; null when none did
             */
            agent_id: string | null;
            /**
             * @description queued (a call launched through POST /calls/dial, handed to the provider), ringing, in_progress (answered), completed (ended; see result) or failed (could not be placed)
             * @enum {string}
             */
            status: "queued" | "ringing" | "in_progress" | "completed" | "failed";
            /**
             * @description How the call ended; null while it is in progress
             * @enum {string|null}
             */
            result: "answered" | "no_answer" | "busy" | "failed" | "voicemail" | "cancelled" | null;
            /**
             * Format: date-time
             * @description When the call started (a dialled call: when it was dialled)
             */
            started_at: string;
            /**
             * Format: date-time
             * @description When the call ended; null while it is in progress
             */
            ended_at: string | null;
            /**
             * Format: int32
             * @description Talk time; null while the call is in progress
             */
            duration_seconds: number | null;
            /**
             * @description What the call cost, in major units of currency; null while it is in progress (a dialled call's reservation is held in the wallet meanwhile)
             * @example 0.42
             */
            cost: number | null;
            /**
             * @description ISO 4217
             * @example EUR
             */
            currency: string;
            /** @description Labels of the company's catalogue the call carries, by key */
            labels: {
                key: string;
                name: string;
            }[];
            /** @description Team members assigned to the call */
            members: {
                /** Format: uuid */
                member_id: string;
                /** Format: date-time */
                assigned_at: string;
            }[];
            qualification: components["schemas"]["CallQualificationVerdict"] | null;
            /** @description What was said, as summarised after the call */
            summary: string | null;
            /** @description Older than the company's retention (365 days by default): read-only, every write is refused (410 gone where declared, else 409 conflict) */
            archived: boolean;
        };
        /** @description The qualification verdict; null when the call has none */
        CallQualificationVerdict: {
            /**
             * @description qualified: a real opportunity; not_qualified: none; follow_up: needs another contact
             * @enum {string}
             */
            verdict: "qualified" | "not_qualified" | "follow_up";
            /**
             * Format: int32
             * @description Confidence of the verdict, 0 to 100
             */
            score: number;
            /** @example Asked for a quote for a kitchen renovation this month. */
            reason: string | null;
            /** Format: date-time */
            qualified_at: string;
        };
        /** @description The body of a `call.settled` delivery. A dialled call ended (or could not be placed) and its reservation was settled against its real cost. */
        CallSettledEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "call.settled";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: {
                /**
                 * Format: uuid
                 * @description The call's id
                 */
                id: string;
                /** @enum {string} */
                status: "completed" | "failed";
                /** @enum {string} */
                result: "answered" | "no_answer" | "busy" | "failed" | "voicemail" | "cancelled";
                /**
                 * Format: int32
                 * @description Talk time
                 */
                duration_seconds: number;
                /** @description In major units of currency */
                cost: number;
                /** @description In major units of currency */
                refunded: number;
                currency: string;
                /** Format: date-time */
                ended_at: string;
            };
        };
        /** @description The body of a `call.unassigned` delivery. Every team member assigned to a call was removed (member_ids: the ones removed; removing when none were assigned emits nothing). */
        CallUnassignedEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "call.unassigned";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: {
                /**
                 * Format: uuid
                 * @description The call
                 */
                call_id: string;
                member_ids: string[];
                /** Format: date-time */
                unassigned_at: string;
            };
        };
        /** @description The body of a `call.unlabeled` delivery. A label was removed from a call. */
        CallUnlabeledEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "call.unlabeled";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: {
                /**
                 * Format: uuid
                 * @description The call
                 */
                call_id: string;
                label_key: string;
                /** Format: date-time */
                unlabeled_at: string;
            };
        };
        /** @description The body of a `campaign.audience_changed` delivery. Contact lists were added to or removed from a campaign's audience (only those that changed). */
        CampaignAudienceChangedEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "campaign.audience_changed";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: {
                /** Format: uuid */
                campaign_id: string;
                added_list_ids: string[];
                removed_list_ids: string[];
            };
        };
        /** @description The body of a `campaign.created` delivery. A campaign was created (as a draft). */
        CampaignCreatedEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "campaign.created";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: components["schemas"]["Campaign"];
        };
        /** @description An email campaign: its agent, template, audience size, state and recipient counts. */
        Campaign: {
            /** Format: uuid */
            id: string;
            name: string;
            /**
             * Format: uuid
             * @description The agent the campaign speaks for (its sender identity)
             */
            agent_id: string;
            /**
             * Format: uuid
             * @description The email template sent; null until one is chosen
             */
            template_id: string | null;
            /** @enum {string} */
            status: "draft" | "scheduled" | "sending" | "paused" | "completed" | "archived";
            /**
             * Format: date-time
             * @description When the campaign is planned to go out (informative: sending is a dispatch)
             */
            scheduled_at: string | null;
            /**
             * Format: int32
             * @description Contact lists in the audience
             */
            list_count: number;
            counts: components["schemas"]["CampaignCounts"];
            /**
             * Format: date-time
             * @description When the audience was enrolled (at the first dispatch); null before
             */
            enrolled_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** @description Counts of the campaign's recipients; enrolled = pending + queued + sent + failed, and they agree with the enrollments and attempts lists. */
        CampaignCounts: {
            /**
             * Format: int32
             * @description Recipients enrolled (each contact once, across the audience's lists)
             */
            enrolled: number;
            /**
             * Format: int32
             * @description Enrolled recipients not yet in a batch
             */
            pending: number;
            /**
             * Format: int32
             * @description Attempts handed to the email provider and not yet resolved
             */
            queued: number;
            /**
             * Format: int32
             * @description Attempts the provider accepted
             */
            sent: number;
            /**
             * Format: int32
             * @description Attempts that failed (see each attempt's failure_reason)
             */
            failed: number;
            /**
             * Format: int32
             * @description Audience contacts skipped at enrollment: no email
             */
            skipped_no_email: number;
            /**
             * Format: int32
             * @description Audience contacts skipped at enrollment: tagged `unsubscribed`
             */
            skipped_unsubscribed: number;
        };
        /** @description The body of a `campaign.dispatched` delivery. A batch of a campaign was queued for sending and charged to the wallet. */
        CampaignDispatchedEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "campaign.dispatched";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: {
                /** Format: uuid */
                campaign_id: string;
                /** Format: uuid */
                batch_id: string;
                /** Format: int32 */
                recipients: number;
                /** Format: int64 */
                amount_minor: number;
                currency: string;
            };
        };
        /** @description The body of a `campaign.updated` delivery. A campaign was edited or moved to another status; `campaign` is the campaign after the change, `changed_fields` the fields the request sent, `previous_status` its status before. */
        CampaignUpdatedEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "campaign.updated";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: {
                campaign: components["schemas"]["Campaign"];
                /** @description The fields the request sent */
                changed_fields: ("name" | "agent_id" | "template_id" | "scheduled_at" | "status")[];
                /** @enum {string} */
                previous_status: "draft" | "scheduled" | "sending" | "paused" | "completed" | "archived";
            };
        };
        /** @description The body of a `contact_list.created` delivery. A contact list was created. */
        ContactListCreatedEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "contact_list.created";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: components["schemas"]["ContactList"];
        };
        /** @description A named list of the company's contacts (a campaign audience and the like), with its member count. */
        ContactList: {
            /** Format: uuid */
            id: string;
            name: string;
            description: string | null;
            /**
             * Format: int32
             * @description Contacts in the list
             */
            member_count: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** @description The body of a `contact_list.members_added` delivery. Contacts were added to a list (only those not already in it). */
        ContactListMembersAddedEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "contact_list.members_added";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: {
                /** Format: uuid */
                list_id: string;
                /**
                 * Format: int32
                 * @description How many memberships changed
                 */
                count: number;
                contact_ids: string[];
            };
        };
        /** @description The body of a `contact_list.members_removed` delivery. Contacts were removed from a list (the contacts themselves are kept). */
        ContactListMembersRemovedEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "contact_list.members_removed";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: {
                /** Format: uuid */
                list_id: string;
                /**
                 * Format: int32
                 * @description How many memberships changed
                 */
                count: number;
                contact_ids: string[];
            };
        };
        /** @description The body of a `contact_list.updated` delivery. A contact list was renamed or described; `list` is the list after the change, `changed_fields` the fields the request sent. */
        ContactListUpdatedEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "contact_list.updated";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: {
                list: components["schemas"]["ContactList"];
                /** @description The fields the request sent */
                changed_fields: ("name" | "description")[];
            };
        };
        /** @description The body of a `contact.created` delivery. A contact was created (POST /contacts, or POST /contacts/identify when no contact had the phone). */
        ContactCreatedEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "contact.created";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: components["schemas"]["Contact"];
        };
        /** @description A contact of the company (CRM): one per phone and one per email, in responses and in contact.* event data. */
        Contact: {
            /** Format: uuid */
            id: string;
            /** @description Display name: first_name and last_name joined (read only) */
            name: string | null;
            first_name: string | null;
            last_name: string | null;
            /**
             * @description E.164
             * @example +34612345678
             */
            phone: string | null;
            /**
             * Format: email
             * @description Lower case
             */
            email: string | null;
            /** @description The contact's organisation */
            company: string | null;
            tags: string[];
            notes: string | null;
            /** @description Up to 50 named values */
            custom_fields: {
                [key: string]: string | number | boolean;
            };
            /**
             * @description How the contact was created
             * @enum {string}
             */
            source: "api" | "import" | "identify" | "seed";
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** @description The body of a `contact.updated` delivery. A contact was changed; `contact` is the contact after the change, `changed_fields` the fields the request sent. */
        ContactUpdatedEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "contact.updated";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: {
                contact: components["schemas"]["Contact"];
                /** @description The fields the request sent */
                changed_fields: string[];
            };
        };
        /** @description The body of a `contacts.imported` delivery. A batch import finished: counts of created, skipped (duplicate) and rejected (invalid) rows, and the ids created. */
        ContactsImportedEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "contacts.imported";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: {
                /** Format: int32 */
                created: number;
                /** Format: int32 */
                skipped: number;
                /** Format: int32 */
                rejected: number;
                /** @description The contacts created */
                contact_ids: string[];
            };
        };
        /** @description The body of a `conversation.resumed` delivery. A conversation was returned to the automation (POST /conversations/{conversation_uuid}/resume). */
        ConversationResumedEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "conversation.resumed";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: {
                /**
                 * Format: uuid
                 * @description The conversation
                 */
                conversation_id: string;
                /** Format: date-time */
                resumed_at: string;
            };
        };
        /** @description The body of a `conversation.taken_over` delivery. A person of the team took a conversation over from the automation (POST /conversations/{conversation_uuid}/takeover). */
        ConversationTakenOverEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "conversation.taken_over";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: {
                /**
                 * Format: uuid
                 * @description The conversation
                 */
                conversation_id: string;
                taken_over_by: {
                    key_id: string;
                    name: string;
                };
                /** Format: date-time */
                taken_over_at: string;
            };
        };
        /** @description The body of a `email_template.created` delivery. An email template was created (without its bodies). */
        EmailTemplateCreatedEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "email_template.created";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: components["schemas"]["EmailTemplateSummary"];
        };
        /** @description A template without its bodies, as events carry it. */
        EmailTemplateSummary: {
            /** Format: uuid */
            id: string;
            name: string;
            subject: string;
            /**
             * @description The placeholders the template uses, each once, in order of appearance (subject, body, text body): name, first_name, last_name, email, phone, company or `custom_fields.<key>`
             * @example [
             *       "first_name",
             *       "custom_fields.plan"
             *     ]
             */
            placeholders: string[];
            /** Format: date-time */
            updated_at: string;
        };
        /** @description The body of a `email_template.updated` delivery. An email template was edited; `template` is the template after the change (without its bodies), `changed_fields` the fields the request sent. */
        EmailTemplateUpdatedEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "email_template.updated";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: {
                template: components["schemas"]["EmailTemplateSummary"];
                /** @description The fields the request sent */
                changed_fields: ("name" | "subject" | "body" | "text_body")[];
            };
        };
        /** @description The body of a `invite.revoked` delivery. A pending team invitation was revoked; its link no longer admits anyone. */
        InviteRevokedEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "invite.revoked";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: {
                /** Format: uuid */
                id: string;
                /** Format: email */
                email: string;
                role_id: string | null;
                /** Format: date-time */
                revoked_at: string;
            };
        };
        /** @description The body of a `kb_collection.updated` delivery. A knowledge-base collection was renamed or described; `collection` is the collection after the change, `changed_fields` the fields the request sent. */
        KbCollectionUpdatedEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "kb_collection.updated";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: {
                collection: components["schemas"]["KnowledgeBaseCollection"];
                /** @description The fields the request sent */
                changed_fields: ("name" | "description")[];
            };
        };
        /** @description A collection of documents of a knowledge base (a topic, a product). */
        KnowledgeBaseCollection: {
            /** Format: uuid */
            id: string;
            /**
             * Format: uuid
             * @description The knowledge base it belongs to
             */
            kb_id: string;
            /** @example Billing and wallet */
            name: string;
            /** @example Top-ups, invoices, refunds and payment methods. */
            description: string | null;
            /**
             * Format: int32
             * @description Documents in the collection
             */
            document_count: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** @description The body of a `number.renamed` delivery. A phone number of the company was given a new name. */
        NumberRenamedEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "number.renamed";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: {
                /**
                 * Format: uuid
                 * @description The phone number's id
                 */
                id: string;
                /** @description The number, E.164 */
                number: string;
                /** @description Its new name */
                name: string;
                /** Format: date-time */
                renamed_at: string;
            };
        };
        /** @description The body of a `recado.created` delivery. An agent took a message slip during a call (the voice service reported it with the call); data is the slip as GET /recados lists it. */
        RecadoCreatedEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "recado.created";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: components["schemas"]["Recado"];
        };
        /** @description A message slip: what a caller asked an agent to pass on, with who called, when, and whether it was read. */
        Recado: {
            /** Format: uuid */
            id: string;
            /**
             * @description Who called, as the caller gave it
             * @example Lucía Fernández
             */
            caller_name: string;
            /**
             * @description The caller's number (E.164); null when it was withheld
             * @example +34612345678
             */
            phone: string | null;
            /**
             * @description What the caller asked to pass on
             * @example Please call back about the kitchen quote before Friday.
             */
            message: string;
            /**
             * Format: uuid
             * @description The call during which the agent took it; null when not recorded
             */
            call_id: string | null;
            /**
             * Format: date-time
             * @description When the agent took it
             */
            taken_at: string;
            /** @description Whether someone of the team has read it */
            read: boolean;
        };
        /** @description The body of a `sequence.archived` delivery. A sequence was archived (its enrollments are kept; it accepts no new ones). */
        SequenceArchivedEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "sequence.archived";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: components["schemas"]["Sequence"];
        };
        /** @description An email sequence: ordered steps (template, delay in days), and how many contacts are enrolled. */
        Sequence: {
            /** Format: uuid */
            id: string;
            name: string;
            /**
             * @description `archived` sequences keep their enrollments and accept no new ones
             * @enum {string}
             */
            status: "active" | "archived";
            steps: components["schemas"]["SequenceStep"][];
            /**
             * Format: int32
             * @description Contacts enrolled in the sequence
             */
            enrolled_count: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** Format: date-time */
            archived_at: string | null;
        };
        /** @description One step of a sequence, in order. */
        SequenceStep: {
            /**
             * Format: int32
             * @description 1 for the first step
             */
            position: number;
            /**
             * Format: uuid
             * @description The email template the step sends
             */
            template_id: string;
            /**
             * Format: int32
             * @description Days after the previous step (after enrollment, for the first)
             */
            delay_days: number;
        };
        /** @description The body of a `sequence.contacts_enrolled` delivery. Contacts were enrolled in a sequence (only those not already enrolled). */
        SequenceContactsEnrolledEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "sequence.contacts_enrolled";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: {
                /** Format: uuid */
                sequence_id: string;
                /**
                 * Format: int32
                 * @description Contacts enrolled by this write
                 */
                enrolled: number;
                /**
                 * Format: uuid
                 * @description The contact list enrolled, or null when contacts were named one by one
                 */
                list_id: string | null;
            };
        };
        /** @description The body of a `sequence.created` delivery. A sequence was created. */
        SequenceCreatedEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "sequence.created";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: components["schemas"]["Sequence"];
        };
        /** @description The body of a `sequence.updated` delivery. A sequence was renamed or its steps replaced; `sequence` is the sequence after the change, `changed_fields` the fields the request sent. */
        SequenceUpdatedEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "sequence.updated";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: {
                sequence: components["schemas"]["Sequence"];
                /** @description The fields the request sent */
                changed_fields: ("name" | "steps")[];
            };
        };
        /** @description The body of a `sip_trunk.created` delivery. A SIP trunk was created (and its monthly price charged); its password is never part of an event. */
        SipTrunkCreatedEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "sip_trunk.created";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: {
                /**
                 * Format: uuid
                 * @description The SIP trunk's id
                 */
                id: string;
                name: string;
                host: string;
                /** Format: date-time */
                created_at: string;
            };
        };
        /** @description The body of a `sip_trunk.deleted` delivery. A SIP trunk was deleted. */
        SipTrunkDeletedEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "sip_trunk.deleted";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: {
                /**
                 * Format: uuid
                 * @description The SIP trunk's id
                 */
                id: string;
                name: string;
                /** Format: date-time */
                deleted_at: string;
            };
        };
        /** @description The body of a `sip_trunk.updated` delivery. A SIP trunk was changed; `changed_fields` names the fields (password included when it was replaced, never its value). */
        SipTrunkUpdatedEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "sip_trunk.updated";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: {
                /**
                 * Format: uuid
                 * @description The SIP trunk's id
                 */
                id: string;
                name: string;
                changed_fields: string[];
                /** Format: date-time */
                updated_at: string;
            };
        };
        /** @description The body of a `subaccount.branding_updated` delivery. A subaccount's branding changed (PATCH .../branding); `changed_fields` are the fields sent (a new custom_domain is unverified until verify-domain finds its record). */
        SubaccountBrandingUpdatedEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "subaccount.branding_updated";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: {
                /** Format: uuid */
                subaccount_id: string;
                changed_fields: ("company_name" | "primary_color" | "logo_url" | "custom_domain")[];
            };
        };
        /** @description The body of a `subaccount.created` delivery. The agency created a subaccount (POST /agency/subaccounts); `setup_charge_minor` is what it cost the agency, in minor units of `currency` (0 without a setup price). */
        SubaccountCreatedEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "subaccount.created";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: {
                subaccount: components["schemas"]["Subaccount"];
                /** Format: int64 */
                setup_charge_minor: number;
                /** @description ISO 4217 code of the charge; null without a setup price */
                currency: string | null;
            };
        };
        /** @description A client company of the agency: an account of the key's company's tree (a child, a grandchild, ...). */
        Subaccount: {
            /**
             * Format: uuid
             * @description The subaccount's account id (its company id)
             * @example 5f0c7a9e-2b1d-4c3e-8f6a-7b8c9d0e1f2a
             */
            id: string;
            /** @example Clínica Dental Sonrisa SL */
            name: string;
            /**
             * @description The subaccount's plan, which decides its capabilities
             * @enum {string}
             */
            plan: "PAYG" | "Starter" | "Business" | "Agency" | "Partner" | "Enterprise";
            /**
             * @description active; suspended: its API keys answer 401 until it is activated again
             * @enum {string}
             */
            status: "active" | "suspended";
            /**
             * Format: email
             * @description The owner named at creation (lower case); null for a subaccount the panel created
             * @example owner@sonrisa.example
             */
            owner_email: string | null;
            /**
             * Format: uuid
             * @description The account directly above it (its parent): the key's company for a direct subaccount, a sub-agency of its tree otherwise
             */
            agency_id: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** @description The body of a `subaccount.domain_verified` delivery. verify-domain found the subaccount's TXT record and marked its custom domain verified (sent once per verification). */
        SubaccountDomainVerifiedEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "subaccount.domain_verified";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: {
                /** Format: uuid */
                subaccount_id: string;
                custom_domain: string;
                verified_at: string;
            };
        };
        /** @description The body of a `subaccount.packaging_updated` delivery. A subaccount's packaging gates changed (PATCH .../packaging); `changes` holds the gates sent, with their new values. */
        SubaccountPackagingUpdatedEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "subaccount.packaging_updated";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: {
                /** Format: uuid */
                subaccount_id: string;
                changes: {
                    allow_signup?: boolean;
                    hide_plans?: boolean;
                    hide_addons?: boolean;
                };
            };
        };
        /** @description The body of a `subaccount.status_changed` delivery. The agency activated or suspended a subaccount (PATCH /agency/subaccounts/{subaccount_id}); a suspended subaccount's keys answer 401. */
        SubaccountStatusChangedEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "subaccount.status_changed";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: {
                /** Format: uuid */
                subaccount_id: string;
                /** @enum {string} */
                status: "active" | "suspended";
                /** @enum {string} */
                previous_status: "active" | "suspended";
            };
        };
        /** @description The body of a `subscription.changed` delivery. The plan was hired, upgraded (in force now), a downgrade was scheduled for the end of the period, or the subscription was cancelled at the end of the period. */
        SubscriptionChangedEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "subscription.changed";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: {
                /** @enum {string} */
                change: "hired" | "upgraded" | "downgrade_scheduled" | "cancelled";
                /** @description The plan in force */
                plan: string;
                scheduled_plan: string | null;
                /** Format: date-time */
                cancel_at: string | null;
                /** @description In major units of currency */
                charged: number;
                currency: string;
                /** Format: date-time */
                changed_at: string;
            };
        };
        /** @description The body of a `wallet.topped_up` delivery. The wallet was topped up by card (POST /billing/topups). */
        WalletToppedUpEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "wallet.topped_up";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: {
                /** Format: uuid */
                top_up_id: string;
                /** @description In major units of currency */
                amount: number;
                currency: string;
                /** @description The payment provider's id of the charge */
                payment_reference: string;
                /** Format: date-time */
                created_at: string;
            };
        };
        /** @description The body of a `whatsapp.message.failed` delivery. An outbound WhatsApp message could not be sent: the provider refused it, or failed on every retry of a queued reply. `error` says why. */
        WhatsappMessageFailedEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "whatsapp.message.failed";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: components["schemas"]["WhatsAppMessage"];
        };
        /** @description A message of a WhatsApp conversation: received, sent, queued to send, or an internal note. */
        WhatsAppMessage: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            conversation_id: string;
            /** Format: uuid */
            connection_id: string;
            /**
             * @description inbound: the contact wrote it; outbound: sent to the contact (or a note of the team)
             * @enum {string}
             */
            direction: "inbound" | "outbound";
            /**
             * @description `note`: an internal note, visible to the team and never sent
             * @enum {string}
             */
            type: "text" | "template" | "note" | "image" | "audio" | "video" | "document";
            /**
             * @description contact, the automation (ai), the team (replies and notes) or an API client (POST /whatsapp/send)
             * @enum {string}
             */
            author: "contact" | "ai" | "team" | "api";
            /**
             * @description The contact's phone (E.164)
             * @example +34612345678
             */
            contact_phone: string;
            /** @description The text (a caption for media); null for a template or media without caption */
            text: string | null;
            /** @description The media reference of an image, audio, video or document message */
            media: {
                /** @description The provider's media id */
                id: string;
                /**
                 * @description One of the media types WhatsApp carries; null when not known
                 * @enum {string|null}
                 */
                mime_type: "image/jpeg" | "image/png" | "image/webp" | "audio/aac" | "audio/amr" | "audio/mpeg" | "audio/mp4" | "audio/ogg" | "video/mp4" | "video/3gpp" | "text/plain" | "application/pdf" | "application/msword" | "application/vnd.ms-excel" | "application/vnd.ms-powerpoint" | "application/vnd.openxmlformats-officedocument.wordprocessingml.document" | "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" | "application/vnd.openxmlformats-officedocument.presentationml.presentation" | null;
            } | null;
            /** @description The template of a template message */
            template: {
                name: string;
                language: string;
                parameters: string[];
            } | null;
            /**
             * @description queued (waiting for the gateway), sent, delivered, read or failed; an inbound message is delivered until it is read; null for a note
             * @enum {string|null}
             */
            status: "queued" | "sent" | "delivered" | "read" | "failed" | null;
            /** @description The WhatsApp message id (wamid.…) once the provider took it */
            provider_message_id: string | null;
            /** @description Why the message failed */
            error: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            sent_at: string | null;
            /** Format: date-time */
            delivered_at: string | null;
            /** Format: date-time */
            read_at: string | null;
            /** Format: date-time */
            failed_at: string | null;
        };
        /** @description The body of a `whatsapp.message.sent` delivery. The provider accepted an outbound WhatsApp message (a queued conversation reply once the gateway sent it, or POST /whatsapp/send). */
        WhatsappMessageSentEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "whatsapp.message.sent";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: components["schemas"]["WhatsAppMessage"];
        };
        /** @description The body of a `whatsapp.whitelist.added` delivery. A phone's thread was reserved for an external bot: its inbound messages go to webhooks only and the automation stays silent (repeating it emits nothing). */
        WhatsappWhitelistAddedEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "whatsapp.whitelist.added";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: {
                /** @description E.164 */
                phone: string;
                /** Format: date-time */
                reserved_at: string;
            };
        };
        /** @description The body of a `whatsapp.whitelist.removed` delivery. A phone's thread was returned to the automation (removing a phone that was not reserved emits nothing). */
        WhatsappWhitelistRemovedEvent: {
            /**
             * Format: uuid
             * @description The event's id, also sent as the `webhook-id` header; the same on every retry and replay
             */
            id: string;
            /** @enum {string} */
            type: "whatsapp.whitelist.removed";
            /**
             * Format: date-time
             * @description When the event happened (the write committed)
             */
            timestamp: string;
            data: {
                /** @description E.164 */
                phone: string;
                /** Format: date-time */
                removed_at: string;
            };
        };
        /** @description An RFC 9457 problem (`application/problem+json`). Some types add members: `required_scope` (insufficient_scope), `existing_contact_id` (conflict on a contact), `provider` (upstream_error, integration_not_configured). */
        Problem: {
            /**
             * Format: uri
             * @description `<PUBLIC_BASE_URL>/problems/<slug>`: a page that explains the problem type; the slug names it (`not_found`, `validation_error`...)
             * @example https://api.example.com/problems/not_found
             */
            type: string;
            /**
             * @description The problem type's title, the same for every occurrence
             * @example Not found
             */
            title: string;
            /**
             * Format: int32
             * @description The HTTP status of the response
             * @example 404
             * @enum {integer}
             */
            status: 400 | 401 | 402 | 403 | 404 | 405 | 409 | 410 | 413 | 422 | 429 | 500 | 501 | 502 | 503;
            /**
             * @description What went wrong in this request
             * @example No such contact.
             */
            detail: string;
            /** @description The request's id, as in the X-Request-Id header; quote it when reporting a problem */
            request_id: string;
            /** @description Each invalid field of a validation_error */
            errors?: {
                /** @description `body.<field>`, `query.<name>` or `path.<name>` */
                path: string;
                message: string;
            }[];
        };
        /** @description A page of saved clients, newest first: `data`, with the `limit` and `offset` applied. */
        ClientPage: {
            /** @description At most `limit` items */
            data: components["schemas"]["ClientSummary"][];
            /**
             * Format: int32
             * @description Page size applied
             */
            limit: number;
            /**
             * Format: int64
             * @description Row offset applied
             */
            offset: number;
        };
        /** @description A client the company saved (in the panel), with its contact and tax details. */
        ClientSummary: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @description Tax identifier */
            cif: string | null;
            /** Format: email */
            email: string | null;
            phone: string | null;
            address: string | null;
            location: string | null;
            province: string | null;
            country: string | null;
            postal_code: string | null;
            representative: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** @description A page of budgets, newest first: `data`, with the `limit` and `offset` applied. */
        BudgetPage: {
            /** @description At most `limit` items */
            data: components["schemas"]["BudgetSummary"][];
            /**
             * Format: int32
             * @description Page size applied
             */
            limit: number;
            /**
             * Format: int64
             * @description Row offset applied
             */
            offset: number;
        };
        /** @description A budget (a non-fiscal quote) as the list shows it; amounts in major units of its currency. */
        BudgetSummary: {
            /** Format: uuid */
            id: string;
            /** @description Non-fiscal number, for example B-2026-0001 */
            budget_number: string | null;
            /**
             * @description Always budget in this list
             * @enum {string}
             */
            document_type: "budget";
            /**
             * @description Where the budget stands with the client
             * @example draft
             * @enum {string}
             */
            status: "draft" | "sent" | "accepted" | "rejected" | "expired";
            /**
             * @example unpaid
             * @enum {string|null}
             */
            payment_status: "unpaid" | "partially_paid" | "paid" | null;
            /** Format: date */
            date: string | null;
            /** @description Free-text validity period */
            validity: string | null;
            client_name: string | null;
            /** Format: email */
            client_email: string | null;
            client_phone: string | null;
            /**
             * @description ISO 4217 code
             * @example EUR
             */
            document_currency: string;
            /** @description Before VAT, in major units */
            subtotal: number;
            /** @description VAT amount, in major units */
            iva_amount: number;
            total: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** @description The draft budget just created, with the totals the server computed. */
        CreatedBudget: {
            /** Format: uuid */
            id: string;
            /**
             * @description Non-fiscal number drawn from the company's gap-free yearly sequence
             * @example B-2026-0001
             */
            budget_number: string;
            /** @enum {string} */
            status: "draft";
            /** @enum {string} */
            document_type: "budget";
            /** @description Before VAT, in major units */
            subtotal: number;
            /** @description VAT amount, in major units */
            iva_amount: number;
            total: number;
            /**
             * @description ISO 4217 code
             * @example EUR
             */
            document_currency: string;
            /** Format: date-time */
            created_at: string;
        };
        /** @description A draft budget to create: the client, the lines, and optional texts, currency and validity. Totals are computed by the server. */
        CreateBudgetInput: {
            client_name: string;
            /** Format: email */
            client_email?: string | null;
            items: components["schemas"]["BudgetLineItem"][];
            /** @description Free text appended to the budget */
            notes?: string | null;
            /** @description Intro block of the budget */
            description?: string | null;
            /** @description ISO 4217 code; default: the company's currency (EUR if unset) */
            document_currency?: string | null;
            /** @description Free-text validity period; default: the company's */
            validity?: string | null;
            /**
             * @description Only budget is accepted; any fiscal type (invoice, credit_note, ...) is refused with fiscal_document_type
             * @enum {string|null}
             */
            document_type?: "budget" | null;
            /** @description Ignored: a created budget is always a draft */
            status?: unknown;
            /** @description Ignored: a created budget is always unpaid */
            payment_status?: unknown;
            /** @description Ignored: the server computes the totals from the lines */
            subtotal?: unknown;
            /** @description Ignored: the server computes the totals from the lines */
            iva_amount?: unknown;
            /** @description Ignored: the server computes the totals from the lines */
            total?: unknown;
        };
        /** @description A line of a budget: units at a VAT-exclusive unit price, with its VAT rate and an optional discount. */
        BudgetLineItem: {
            /** @description Line description */
            concept: string;
            units: number;
            /** @description VAT-exclusive unit price, in major units */
            unit_price: number;
            /** @description Unit label: hour, month, unit and similar */
            unit_type?: string | null;
            /** @description VAT percentage; when omitted, the company's default VAT rate applies */
            iva_rate?: number | null;
            /** @enum {string|null} */
            discount_type?: "percentage" | "amount" | null;
            /** @description Percentage (0..100) of the line's base, or an amount (0..base) in major units */
            discount_value?: number | null;
        };
        /** @description A page of issued invoices, newest first: `data`, with the `limit` and `offset` applied. */
        InvoicePage: {
            /** @description At most `limit` items */
            data: components["schemas"]["InvoiceSummary"][];
            /**
             * Format: int32
             * @description Page size applied
             */
            limit: number;
            /**
             * Format: int64
             * @description Row offset applied
             */
            offset: number;
        };
        /** @description An issued invoice, read only: the curated columns of the document, amounts in major units. */
        InvoiceSummary: {
            /** Format: uuid */
            id: string;
            /** @description Holds the invoice number */
            budget_number: string | null;
            /**
             * @description Always invoice in this list
             * @enum {string}
             */
            document_type: "invoice";
            /**
             * @example issued
             * @enum {string}
             */
            status: "issued" | "cancelled";
            /**
             * @example paid
             * @enum {string|null}
             */
            payment_status: "unpaid" | "partially_paid" | "paid" | "overdue" | null;
            /** Format: date-time */
            paid_at: string | null;
            /** Format: date */
            date: string | null;
            client_name: string | null;
            /** Format: email */
            client_email: string | null;
            /**
             * @description ISO 4217 code
             * @example EUR
             */
            document_currency: string;
            /** @description Before VAT, in major units */
            subtotal: number;
            /** @description VAT amount, in major units */
            iva_amount: number;
            total: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** @description A page of the activity log, newest first: `data`, with the `limit` and `offset` applied. */
        AuditPage: {
            /** @description At most `limit` items */
            data: components["schemas"]["AuditEntry"][];
            /**
             * Format: int32
             * @description Page size applied
             */
            limit: number;
            /**
             * Format: int64
             * @description Row offset applied
             */
            offset: number;
        };
        /** @description One successful write made through the API: who (key), what (operation), which resource, when. */
        AuditEntry: {
            /** Format: uuid */
            id: string;
            /** @description The API key that made the change (`key_<32 hex>`) */
            key_id: string;
            /**
             * @description operationId of the write
             * @example createBudget
             */
            operation: string;
            /** @enum {string} */
            method: "POST" | "PUT" | "PATCH" | "DELETE";
            /**
             * @description The request's path
             * @example /api/v1/budgets
             */
            path: string;
            /**
             * @description What the write changed: `budget`, `contact`, `contact_list`, `team_invite`, `webhook_subscription`, `webhook_delivery`, `api_key`... An open set (each domain adds its own), hence a string rather than an enum; filter with `resource_type`.
             * @example budget
             */
            resource_type: string;
            /** @description Id of the resource; null for a write that touched many (an import) */
            resource_id: string | null;
            /** @description The request's X-Request-Id */
            request_id: string;
            /** Format: date-time */
            created_at: string;
        };
        /** @description A page of contacts, newest first: `data`, with the `limit` and `offset` applied. */
        ContactPage: {
            /** @description At most `limit` items */
            data: components["schemas"]["Contact"][];
            /**
             * Format: int32
             * @description Page size applied
             */
            limit: number;
            /**
             * Format: int64
             * @description Row offset applied
             */
            offset: number;
        };
        /** @description A contact to create: a phone or an email at least. Also the shape of each row of an import. */
        CreateContactInput: {
            first_name?: string | null;
            last_name?: string | null;
            /**
             * @description Any usual notation; stored in E.164. Without a country code it is read in the company's default region.
             * @example +34 612 345 678
             */
            phone?: string | null;
            /**
             * Format: email
             * @description Stored in lower case
             */
            email?: string | null;
            company?: string | null;
            /** @description Up to 50 tags of 1 to 50 characters; duplicates are dropped */
            tags?: string[] | null;
            notes?: string | null;
            /** @description Up to 50 named values (string, number or boolean) */
            custom_fields?: {
                [key: string]: string | number | boolean;
            } | null;
        };
        /** @description A page of contact lists, newest first: `data`, with the `limit` and `offset` applied. */
        ContactListPage: {
            /** @description At most `limit` items */
            data: components["schemas"]["ContactList"][];
            /**
             * Format: int32
             * @description Page size applied
             */
            limit: number;
            /**
             * Format: int64
             * @description Row offset applied
             */
            offset: number;
        };
        /** @description A list to create: its name and an optional description. */
        CreateContactListInput: {
            name: string;
            description?: string | null;
        };
        /** @description A page of team members, newest first: `data`, with the `limit` and `offset` applied. */
        TeamMemberPage: {
            /** @description At most `limit` items */
            data: components["schemas"]["TeamMember"][];
            /**
             * Format: int32
             * @description Page size applied
             */
            limit: number;
            /**
             * Format: int64
             * @description Row offset applied
             */
            offset: number;
        };
        /** @description A person of the company's team, with their custom role and status. */
        TeamMember: {
            /** Format: uuid */
            id: string;
            name: string;
            /** Format: email */
            email: string;
            /**
             * @description Used in @mentions
             * @example lucia.garcia
             */
            handle: string;
            /** @description The member's custom role; null for none */
            role: {
                /** Format: uuid */
                id: string;
                name: string;
            } | null;
            /**
             * @description suspended: no access, and no seat used
             * @enum {string}
             */
            status: "active" | "suspended";
            /** Format: date-time */
            last_active_at: string | null;
            /** Format: date-time */
            created_at: string;
        };
        /** @description A page of announcements, newest published first: `data`, with the `limit` and `offset` applied. */
        AnnouncementPage: {
            /** @description At most `limit` items */
            data: components["schemas"]["Announcement"][];
            /**
             * Format: int32
             * @description Page size applied
             */
            limit: number;
            /**
             * Format: int64
             * @description Row offset applied
             */
            offset: number;
        };
        /** @description A message of the platform to the company (maintenance, incidents, new features, billing news), as the panel published it. */
        Announcement: {
            /** Format: uuid */
            id: string;
            /**
             * @description news, feature (a new capability), maintenance (planned work), incident (something is failing or failed), billing (prices, invoices)
             * @enum {string}
             */
            category: "news" | "feature" | "maintenance" | "incident" | "billing";
            /** @example Planned maintenance of the telephony network */
            title: string;
            /**
             * @description Plain text; may hold line breaks
             * @example On Sunday from 02:00 to 04:00 UTC calls may drop for a few seconds.
             */
            body: string;
            /** Format: date-time */
            published_at: string;
        };
        /** @description A page of alerts, newest first: `data`, with the `limit` and `offset` applied. */
        AlertPage: {
            /** @description At most `limit` items */
            data: components["schemas"]["Alert"][];
            /**
             * Format: int32
             * @description Page size applied
             */
            limit: number;
            /**
             * Format: int64
             * @description Row offset applied
             */
            offset: number;
        };
        /** @description The alert to change (alert_id) and the changes: threshold, period, enabled, a silence, a dismissal. */
        UpdateAlertInput: {
            /**
             * Format: uuid
             * @description Id of one of the company's alerts (GET /alerts); an unknown one is 404
             * @example 0b7c6a52-3f7e-4a8e-9f0e-2d9c1c0f4b11
             */
            alert_id: string;
            /**
             * @description New threshold in major units of the alert's currency, with at most its minor digits (2 for EUR)
             * @example 25
             */
            threshold?: number;
            /**
             * @description spend alerts only: the period the spend is counted over
             * @enum {string}
             */
            period?: "day" | "week" | "month";
            enabled?: boolean;
            /**
             * Format: date-time
             * @description Mute the alert until this instant (in the future, at most 365 days ahead); null ends a silence
             */
            silenced_until?: string | null;
            /** @description true acknowledges the current triggering (only a triggered alert can be dismissed); false undoes it */
            dismissed?: boolean;
        };
        /** @description A page of the company's agents, newest first: `data`, with the `limit` and `offset` applied. */
        AgentPage: {
            /** @description At most `limit` items */
            data: components["schemas"]["Agent"][];
            /**
             * Format: int32
             * @description Page size applied
             */
            limit: number;
            /**
             * Format: int64
             * @description Row offset applied
             */
            offset: number;
        };
        /** @description A page of the company's call labels: `data`, with the `limit` and `offset` applied. */
        CallLabelPage: {
            /** @description At most `limit` items */
            data: components["schemas"]["CallLabel"][];
            /**
             * Format: int32
             * @description Page size applied
             */
            limit: number;
            /**
             * Format: int64
             * @description Row offset applied
             */
            offset: number;
        };
        /** @description A label of the company's catalogue, which calls can carry. */
        CallLabel: {
            /** Format: uuid */
            id: string;
            /** @example interested */
            key: string;
            /** @example Interested */
            name: string;
            description: string | null;
            /**
             * @description #rrggbb
             * @example #2e7d32
             */
            color: string;
            /** Format: date-time */
            created_at: string;
        };
        /** @description A page of calls, newest first, and the totals of the whole period. */
        CallPage: {
            data: components["schemas"]["Call"][];
            /**
             * Format: int32
             * @description Page size applied
             */
            limit: number;
            /**
             * Format: int64
             * @description Row offset applied
             */
            offset: number;
            aggregates: components["schemas"]["CallAggregates"];
        };
        /** @description Totals of every ended call of the filtered period, not only of this page */
        CallAggregates: {
            /**
             * Format: date
             * @description First day of the period; null: from the first call
             */
            start_date: string | null;
            /**
             * Format: date
             * @description Last day of the period; null: up to now
             */
            end_date: string | null;
            /**
             * @description The company's time zone, which the dates are read in
             * @example Europe/Madrid
             */
            time_zone: string;
            /**
             * Format: int32
             * @description Calls of the period that ended (calls still in progress count once they end)
             */
            count: number;
            /** Format: int64 */
            total_duration_seconds: number;
            /** @description In major units of currency */
            total_cost: number;
            /**
             * @description The company's billing currency
             * @example EUR
             */
            currency: string;
            by_result: components["schemas"]["CallCountsByResult"];
        };
        /** @description Calls of the period by result (every result present, 0 when none) */
        CallCountsByResult: {
            /** Format: int32 */
            answered: number;
            /** Format: int32 */
            no_answer: number;
            /** Format: int32 */
            busy: number;
            /** Format: int32 */
            failed: number;
            /** Format: int32 */
            voicemail: number;
            /** Format: int32 */
            cancelled: number;
        };
        /** @description A page of qualification verdicts, newest first: `data`, with the `limit` and `offset` applied. */
        CallQualificationPage: {
            /** @description At most `limit` items */
            data: components["schemas"]["CallQualification"][];
            /**
             * Format: int32
             * @description Page size applied
             */
            limit: number;
            /**
             * Format: int64
             * @description Row offset applied
             */
            offset: number;
        };
        /** @description The qualification verdict of a call. */
        CallQualification: components["schemas"]["CallQualificationVerdict"] & {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            call_id: string;
        };
        /** @description A page of SIP trunks, newest first: `data`, with the `limit` and `offset` applied. */
        SipTrunkPage: {
            /** @description At most `limit` items */
            data: components["schemas"]["SipTrunk"][];
            /**
             * Format: int32
             * @description Page size applied
             */
            limit: number;
            /**
             * Format: int64
             * @description Row offset applied
             */
            offset: number;
        };
        /** @description A SIP trunk of the company, without its password. */
        SipTrunk: {
            /** Format: uuid */
            id: string;
            name: string;
            host: string;
            /** Format: int32 */
            port: number;
            /** @enum {string} */
            transport: "udp" | "tcp" | "tls";
            username: string;
            /**
             * @description A password is stored; it is never answered
             * @enum {boolean}
             */
            password_set: true;
            caller_id: string | null;
            /** Format: int32 */
            channels: number;
            /** @description Charged through the wallet when created, in major units of currency */
            monthly_price: number;
            /** @example EUR */
            currency: string;
            /**
             * Format: int32
             * @description Phone numbers routed through the trunk (a trunk in use cannot be deleted)
             */
            numbers: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** @description A SIP trunk to create; the password is write-only. */
        CreateSipTrunkInput: {
            /**
             * @description Unique within the company
             * @example Main carrier
             */
            name: string;
            /**
             * @description The carrier's SIP host: a name or an IP address
             * @example sip.carrier.example
             */
            host: string;
            /**
             * Format: int32
             * @description Default 5060 (5061 with tls)
             * @example 5060
             */
            port?: number;
            /**
             * @description udp, tcp or tls
             * @default udp
             * @enum {string}
             */
            transport?: "udp" | "tcp" | "tls";
            /**
             * @description The account the platform registers with
             * @example acme-sip
             */
            username: string;
            /**
             * @description Write-only: stored encrypted, never answered
             * @example s3cret-Passw0rd
             */
            password: string;
            /**
             * @description E.164 shown to the called party; null: the carrier's default
             * @example +34912345678
             */
            caller_id?: string | null;
            /**
             * Format: int32
             * @description Simultaneous calls the trunk carries
             * @example 10
             */
            channels: number;
        };
        /** @description A page of the company's phone numbers, newest first: `data`, with the `limit` and `offset` applied. */
        PhoneNumberPage: {
            /** @description At most `limit` items */
            data: components["schemas"]["PhoneNumber"][];
            /**
             * Format: int32
             * @description Page size applied
             */
            limit: number;
            /**
             * Format: int64
             * @description Row offset applied
             */
            offset: number;
        };
        /** @description A phone number of the company: its name, country, capabilities and the voice agent that answers it. */
        PhoneNumber: {
            /** Format: uuid */
            id: string;
            /**
             * @description E.164
             * @example +34910123456
             */
            number: string;
            /** @example Madrid sales line */
            name: string;
            /**
             * @description ISO 3166-1 alpha-2
             * @example ES
             */
            country: string;
            capabilities: ("voice" | "sms" | "whatsapp")[];
            /**
             * Format: uuid
             * @description The voice agent that answers the number; null when none
             */
            agent_id: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** @description A page of the company's sale rates: `data`, with the `limit` and `offset` applied. */
        SaleRatePage: {
            /** @description At most `limit` items */
            data: components["schemas"]["SaleRate"][];
            /**
             * Format: int32
             * @description Page size applied
             */
            limit: number;
            /**
             * Format: int64
             * @description Row offset applied
             */
            offset: number;
        };
        /** @description What the company pays per minute for calls to the mobiles or the landlines of a destination country, and how calls are billed. */
        SaleRate: {
            /** Format: uuid */
            id: string;
            /**
             * @description The destination country's dialling code, without +
             * @example 34
             */
            prefix: string;
            /**
             * @description ISO 3166-1 alpha-2
             * @example ES
             */
            country: string;
            /** @example Spain mobile */
            destination: string;
            /**
             * @description What the company pays per minute, in major units of currency (up to 6 decimals)
             * @example 0.045
             */
            price_per_minute: number;
            /**
             * @description ISO 4217
             * @example EUR
             */
            currency: string;
            /**
             * Format: int32
             * @description Seconds billed at least per answered call
             * @example 60
             */
            minimum_seconds: number;
            /**
             * Format: int32
             * @description After the minimum, time is billed in steps of this many seconds
             * @example 60
             */
            billing_increment_seconds: number;
            /** Format: date-time */
            updated_at: string;
        };
        /** @description A page of bookings, latest start first: `data`, with the `limit` and `offset` applied. */
        BookingPage: {
            /** @description At most `limit` items */
            data: components["schemas"]["Booking"][];
            /**
             * Format: int32
             * @description Page size applied
             */
            limit: number;
            /**
             * Format: int64
             * @description Row offset applied
             */
            offset: number;
        };
        /** @description An appointment a voice agent booked with a contact. */
        Booking: {
            /** Format: uuid */
            id: string;
            /** @example Kitchen renovation visit */
            title: string;
            /** @description The contact; null when none is recorded */
            contact: {
                /** Format: uuid */
                id: string;
                /** @description The contact's name; null when it was deleted */
                name: string | null;
            } | null;
            /** @description The voice agent that booked it; null when none is recorded */
            agent: {
                /** Format: uuid */
                id: string;
                /** @description The voice agent that booked it's name; null when it was deleted */
                name: string | null;
            } | null;
            /** Format: date-time */
            starts_at: string;
            /** Format: date-time */
            ends_at: string;
            /**
             * @description confirmed: ahead; completed: held; no_show: the contact did not come; cancelled: called off
             * @enum {string}
             */
            status: "confirmed" | "completed" | "no_show" | "cancelled";
            notes: string | null;
            /**
             * Format: date-time
             * @description When the agent booked it
             */
            created_at: string;
        };
        /** @description Each date of the range with its working intervals in the calendar's zone and as UTC instants. */
        Calendar: {
            /** @example Europe/Madrid */
            time_zone: string;
            /** Format: date */
            from: string;
            /** Format: date */
            to: string;
            days: components["schemas"]["CalendarDay"][];
        };
        /** @description The working hours of one local date, exceptions applied. */
        CalendarDay: {
            /** Format: date */
            date: string;
            /** @enum {string} */
            weekday: "monday" | "tuesday" | "wednesday" | "thursday" | "friday" | "saturday" | "sunday";
            /**
             * @description Whether the hours come from the weekly schedule or the date's exception
             * @enum {string}
             */
            source: "schedule" | "override";
            /** @description No working time that date */
            closed: boolean;
            intervals: components["schemas"]["CalendarDayInterval"][];
        };
        /** @description A working interval of one date, in wall-clock time and as instants. */
        CalendarDayInterval: {
            /**
             * @description HH:MM in the calendar's zone
             * @example 09:00
             */
            start: string;
            /**
             * @description HH:MM in the calendar's zone
             * @example 14:00
             */
            end: string;
            /**
             * Format: date-time
             * @description The instant it opens (UTC)
             */
            starts_at: string;
            /**
             * Format: date-time
             * @description The instant it closes (UTC)
             */
            ends_at: string;
        };
        /** @description A page of knowledge bases, newest first: `data`, with the `limit` and `offset` applied. */
        KnowledgeBasePage: {
            /** @description At most `limit` items */
            data: components["schemas"]["KnowledgeBase"][];
            /**
             * Format: int32
             * @description Page size applied
             */
            limit: number;
            /**
             * Format: int64
             * @description Row offset applied
             */
            offset: number;
        };
        /** @description A knowledge base the company's voice agents answer from, with its collections. */
        KnowledgeBase: {
            /** Format: uuid */
            id: string;
            /** @example Help centre */
            name: string;
            description: string | null;
            /**
             * Format: int32
             * @description Documents in every collection of the base
             */
            document_count: number;
            /** @description Its collections, oldest first (at most 100) */
            collections: components["schemas"]["KnowledgeBaseCollection"][];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** @description A page of email templates, newest first: `data`, with the `limit` and `offset` applied. */
        EmailTemplatePage: {
            /** @description At most `limit` items */
            data: components["schemas"]["EmailTemplate"][];
            /**
             * Format: int32
             * @description Page size applied
             */
            limit: number;
            /**
             * Format: int64
             * @description Row offset applied
             */
            offset: number;
        };
        /** @description An email template of the company. Placeholders are written in double braces: `{{first_name}}`, `{{custom_fields.plan}}`; `{{#custom_fields.vip}}…{{/custom_fields.vip}}` shows a part only when the value is set, `{{^…}}…{{/…}}` when it is not. */
        EmailTemplate: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @description Mustache: placeholders are replaced by the contact's values as plain text */
            subject: string;
            /** @description HTML in Mustache: placeholders are replaced by the contact's values, HTML-escaped */
            body: string;
            /** @description The plain-text alternative, in Mustache; null: none */
            text_body: string | null;
            /**
             * @description The placeholders the template uses, each once, in order of appearance (subject, body, text body): name, first_name, last_name, email, phone, company or `custom_fields.<key>`
             * @example [
             *       "first_name",
             *       "custom_fields.plan"
             *     ]
             */
            placeholders: string[];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** @description A template: its name, subject and HTML body, and an optional text body. A broken tag or an unknown placeholder is a 400 naming it and its line and column. */
        CreateEmailTemplateInput: {
            name: string;
            subject: string;
            /** @description HTML, with placeholders in double braces */
            body: string;
            /** @description Optional plain-text alternative, with placeholders */
            text_body?: string | null;
        };
        /** @description A page of sequences, newest first: `data`, with the `limit` and `offset` applied. */
        SequencePage: {
            /** @description At most `limit` items */
            data: components["schemas"]["Sequence"][];
            /**
             * Format: int32
             * @description Page size applied
             */
            limit: number;
            /**
             * Format: int64
             * @description Row offset applied
             */
            offset: number;
        };
        /** @description A sequence: its name and, optionally, its steps. */
        CreateSequenceInput: {
            name: string;
            /**
             * @description Up to 20 steps, in the order they are sent
             * @default []
             */
            steps?: {
                /**
                 * Format: uuid
                 * @description An email template of the company
                 */
                template_id: string;
                /**
                 * Format: int32
                 * @description 0 to 365 days after the previous step
                 */
                delay_days: number;
            }[];
        };
        /** @description A page of campaigns, newest first: `data`, with the `limit` and `offset` applied. */
        CampaignPage: {
            /** @description At most `limit` items */
            data: components["schemas"]["Campaign"][];
            /**
             * Format: int32
             * @description Page size applied
             */
            limit: number;
            /**
             * Format: int64
             * @description Row offset applied
             */
            offset: number;
        };
        /** @description A campaign: its name, its agent and, optionally, its template. It starts as a draft. */
        CreateCampaignInput: {
            name: string;
            /**
             * Format: uuid
             * @description An agent of the company
             */
            agent_id: string;
            /**
             * Format: uuid
             * @description An email template of the company
             */
            template_id?: string | null;
        };
        /** @description The newest documents of the archive that match the filters, and how many match in all. */
        ArchiveDocumentList: {
            /** @description At most `limit` documents, newest first */
            data: components["schemas"]["ArchiveDocument"][];
            /**
             * Format: int32
             * @description The limit applied
             */
            limit: number;
            /**
             * Format: int32
             * @description How many documents match the filters in all
             */
            total: number;
            /** @description Whether more documents match than were returned (narrow the filters to see them) */
            has_more: boolean;
        };
        /** @description A document of the company's archive: title, type, labels and dates. */
        ArchiveDocument: {
            /**
             * Format: int32
             * @description The document's id in the archive
             * @example 4
             */
            id: number;
            /** @example Invoice F-2025-0002 */
            title: string;
            /**
             * @description Its document type; null when it has none
             * @example Invoice
             */
            type: string | null;
            /**
             * @description Its labels (the archive's tags)
             * @example [
             *       "Accounting",
             *       "Urgent"
             *     ]
             */
            labels: string[];
            /**
             * Format: date
             * @description The document's own date
             * @example 2025-03-31
             */
            created: string;
            /**
             * Format: date-time
             * @description When it entered the archive
             */
            added: string | null;
            /**
             * @description The original file's name
             * @example Invoice F-2025-0002.pdf
             */
            file_name: string | null;
        };
        /** @description A page of message slips, newest first: `data`, with the `limit` and `offset` applied. */
        RecadoPage: {
            /** @description At most `limit` items */
            data: components["schemas"]["Recado"][];
            /**
             * Format: int32
             * @description Page size applied
             */
            limit: number;
            /**
             * Format: int64
             * @description Row offset applied
             */
            offset: number;
        };
        /** @description A page of conversations, newest first: `data`, and `page` to read the next one. */
        ConversationPage: {
            /** @description At most `limit` items */
            data: components["schemas"]["Conversation"][];
            page: {
                /** @description Whether another page follows (read as one extra row) */
                has_more: boolean;
                /** @description Pass as cursor to read the next page; null on the last page */
                next_cursor: string | null;
            };
        };
        /** @description A WhatsApp conversation between one of the company's numbers and a contact. */
        Conversation: {
            /** Format: uuid */
            id: string;
            connection: {
                /** Format: uuid */
                id: string;
                /**
                 * @description The company's WhatsApp number
                 * @example +34612345678
                 */
                phone_number: string;
            };
            contact: {
                /**
                 * @description The contact's phone (E.164)
                 * @example +34612345678
                 */
                phone: string;
                /** @description The contact's WhatsApp profile name, when known */
                name: string | null;
                /**
                 * Format: uuid
                 * @description The CRM contact with this phone, if there was one when the conversation began
                 */
                contact_id: string | null;
            };
            /** @enum {string} */
            status: "open" | "closed";
            /**
             * @description ai: the automation answers; human: a person of the team took it over
             * @enum {string}
             */
            mode: "ai" | "human";
            /** @description The API key that took the conversation over (while mode is human) */
            taken_over_by: {
                key_id: string;
                name: string;
            } | null;
            /** Format: date-time */
            taken_over_at: string | null;
            /** @description The phone is on the whitelist: its thread belongs to an external bot and the automation stays silent */
            reserved_for_external_bot: boolean;
            /** @description Whether the contact wrote in the last 24 hours, so free text may be sent */
            window_open: boolean;
            /** Format: date-time */
            last_message_at: string | null;
            /** @description The last message's first 120 characters */
            last_message_preview: string | null;
            /**
             * Format: int32
             * @description Inbound messages not read yet
             */
            unread_count: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** @description A page of the agency's subaccounts, newest first: `data`, with the `limit` and `offset` applied. */
        SubaccountPage: {
            /** @description At most `limit` items */
            data: components["schemas"]["Subaccount"][];
            /**
             * Format: int32
             * @description Page size applied
             */
            limit: number;
            /**
             * Format: int64
             * @description Row offset applied
             */
            offset: number;
        };
        /** @description The company's one webhook subscription: where events go, which types, and whether it is enabled. */
        WebhookSubscription: {
            /**
             * Format: uuid
             * @description Null when the company has no subscription
             */
            id: string | null;
            /** Format: uri */
            url: string | null;
            /** @description Event types it receives; "*" means every type */
            events: string[];
            enabled: boolean;
            /** @description Whether a signing secret exists; the secret itself is only shown when issued */
            has_secret: boolean;
            /** @description Set when the destination answered 410 Gone */
            disabled_reason: string | null;
            /** Format: date-time */
            created_at: string | null;
            /** Format: date-time */
            updated_at: string | null;
        };
        /** @description The subscription just created or replaced, with its new signing secret (shown once). */
        WebhookSubscriptionWithSecret: components["schemas"]["WebhookSubscription"] & {
            /**
             * @description The signing secret (`whsec_` and the base64 of 32 bytes). Shown only in this response: store it now.
             * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwXh6bN2q4T0c=
             */
            secret: string;
        };
        /** @description The subscription to create, or to replace the company's current one with. */
        CreateWebhookSubscription: {
            /**
             * @description https URL with a public host; no credentials, no private, loopback or link-local address
             * @example https://hooks.example.com/api
             */
            url: string;
            /**
             * @description Event types to receive (see GET /api/v1/events/catalog); "*" means every type, present and future
             * @example [
             *       "budget.created"
             *     ]
             */
            events: string[];
            /** @default true */
            enabled?: boolean;
        };
        /** @description The subscription after the change, with the new signing secret when it was rotated. */
        PatchedWebhookSubscription: components["schemas"]["WebhookSubscription"] & {
            /**
             * @description Present only when rotate_secret was true: the new secret, shown once
             * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwXh6bN2q4T0c=
             */
            secret?: string;
        };
        /** @description What to change: destination, event types, enabled, or a new signing secret. */
        UpdateWebhookSubscription: {
            /**
             * @description https URL with a public host; no credentials, no private, loopback or link-local address
             * @example https://hooks.example.com/api
             */
            url?: string;
            /**
             * @description Event types to receive (see GET /api/v1/events/catalog); "*" means every type, present and future
             * @example [
             *       "budget.created"
             *     ]
             */
            events?: string[];
            enabled?: boolean;
            /** @description true issues a new signing secret; from then on only it signs */
            rotate_secret?: boolean;
        };
        /** @description The subscription that was removed. */
        DeletedWebhookSubscription: {
            /** Format: uuid */
            id: string;
            /** @enum {boolean} */
            deleted: true;
        };
        /** @description The contact with the phone, and whether this call created it. */
        IdentifiedContact: {
            contact: components["schemas"]["Contact"];
            /** @description true when no contact had the phone and this call created one */
            created: boolean;
        };
        /** @description The phone to look up (and the names to use if a contact is created). */
        IdentifyContactInput: {
            /**
             * @description Any usual notation; stored in E.164. Without a country code it is read in the company's default region.
             * @example +34 612 345 678
             */
            phone: string;
            /** @description Used only when the contact is created */
            first_name?: string | null;
            /** @description Used only when the contact is created */
            last_name?: string | null;
        };
        /** @description What the import did, row by row: created, skipped as duplicates, rejected as invalid. */
        ImportContactsResult: {
            /**
             * Format: int32
             * @description Rows stored as new contacts
             */
            created: number;
            /**
             * Format: int32
             * @description Rows whose phone or email another contact (or an earlier row of this import) already has
             */
            skipped: number;
            /**
             * Format: int32
             * @description Invalid rows, listed in rejected_rows
             */
            rejected: number;
            created_contacts: {
                /**
                 * Format: int32
                 * @description Zero-based position of the row in `contacts`
                 */
                index: number;
                /** Format: uuid */
                id: string;
            }[];
            skipped_rows: {
                /**
                 * Format: int32
                 * @description Zero-based position of the row in `contacts`
                 */
                index: number;
                /** @enum {string} */
                reason: "duplicate_of_existing" | "duplicate_in_import";
                /**
                 * Format: uuid
                 * @description The contact that holds the phone or email (duplicate_of_existing)
                 */
                existing_contact_id: string | null;
                /**
                 * Format: int32
                 * @description The earlier row with the same phone or email (duplicate_in_import)
                 */
                duplicate_of_index: number | null;
            }[];
            rejected_rows: {
                /**
                 * Format: int32
                 * @description Zero-based position of the row in `contacts`
                 */
                index: number;
                /** @description Every problem of the row, in one sentence per field */
                reason: string;
                errors: {
                    /** @description The field, relative to the row */
                    path: string;
                    message: string;
                }[];
            }[];
        };
        /** @description Contacts to import, 1 to 1000 rows. */
        ImportContactsInput: {
            /** @description 1 to 1000 contacts, each with the fields of CreateContactInput. An invalid row is rejected on its own (rejected_rows); the other rows are still imported. */
            contacts: components["schemas"]["CreateContactInput"][];
        };
        /** @description A page of the people who can be @mentioned: `data`, with the `limit` and `offset` applied. */
        MentionablePersonPage: {
            /** @description At most `limit` items */
            data: components["schemas"]["MentionablePerson"][];
            /**
             * Format: int32
             * @description Page size applied
             */
            limit: number;
            /**
             * Format: int64
             * @description Row offset applied
             */
            offset: number;
        };
        /** @description An active team member who can be @mentioned. */
        MentionablePerson: {
            /** Format: uuid */
            id: string;
            name: string;
            /**
             * @description Used in @mentions
             * @example lucia.garcia
             */
            handle: string;
        };
        /** @description A page of team invitations, newest first: `data`, with the `limit` and `offset` applied. */
        TeamInvitePage: {
            /** @description At most `limit` items */
            data: components["schemas"]["TeamInvite"][];
            /**
             * Format: int32
             * @description Page size applied
             */
            limit: number;
            /**
             * Format: int64
             * @description Row offset applied
             */
            offset: number;
        };
        /** @description An invitation to join the company's team, with its role and where it stands. */
        TeamInvite: {
            /** Format: uuid */
            id: string;
            /** Format: email */
            email: string;
            /** @description The member's custom role; null for none */
            role: {
                /** Format: uuid */
                id: string;
                name: string;
            } | null;
            /**
             * Format: uuid
             * @description Id of the team member who sent the invite
             */
            invited_by: string | null;
            /**
             * @description expired: still pending past expires_at
             * @enum {string}
             */
            status: "pending" | "accepted" | "revoked" | "expired";
            /** Format: date-time */
            expires_at: string;
            /** Format: date-time */
            accepted_at: string | null;
            /** Format: date-time */
            revoked_at: string | null;
            /** Format: date-time */
            created_at: string;
        };
        /** @description A page of custom roles, newest first: `data`, with the `limit` and `offset` applied. */
        TeamRolePage: {
            /** @description At most `limit` items */
            data: components["schemas"]["TeamRole"][];
            /**
             * Format: int32
             * @description Page size applied
             */
            limit: number;
            /**
             * Format: int64
             * @description Row offset applied
             */
            offset: number;
        };
        /** @description A custom role of the company: its permissions and how many members have it. */
        TeamRole: {
            /** Format: uuid */
            id: string;
            name: string;
            description: string | null;
            /**
             * @description What members with the role may do in the panel
             * @example [
             *       "calls:read",
             *       "contacts:write"
             *     ]
             */
            permissions: string[];
            /**
             * Format: int32
             * @description Members with the role
             */
            member_count: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** @description The company's seats: contracted, used by active members, held by pending invites, and available. */
        TeamSeats: {
            /**
             * Format: int32
             * @description Seats in the company's contract
             */
            contracted: number;
            /**
             * Format: int32
             * @description Active team members
             */
            used: number;
            /**
             * Format: int32
             * @description Pending, unexpired invites; each takes a seat when accepted
             */
            pending_invites: number;
            /**
             * Format: int32
             * @description contracted - used - pending_invites, never below 0
             */
            available: number;
        };
        /** @description The company's prepaid wallet balance. */
        Balance: {
            /**
             * @description What the wallet holds, in major units of currency
             * @example 142.5
             */
            amount: number;
            /**
             * @description ISO 4217 code
             * @example EUR
             */
            currency: string;
            /**
             * Format: date-time
             * @description The instant the balance was read
             */
            as_of: string;
        };
        /** @description A page of the wallet's movements, newest first: `data`, with the `limit` and `offset` applied. */
        TransactionPage: {
            /** @description At most `limit` items */
            data: components["schemas"]["Transaction"][];
            /**
             * Format: int32
             * @description Page size applied
             */
            limit: number;
            /**
             * Format: int64
             * @description Row offset applied
             */
            offset: number;
        };
        /** @description One movement of the wallet's ledger. */
        Transaction: {
            /** Format: uuid */
            id: string;
            /**
             * @description top_up: money paid in; charge: money spent; refund: a charge given back; adjustment: a correction by staff
             * @enum {string}
             */
            kind: "top_up" | "charge" | "refund" | "adjustment";
            /**
             * @description Signed: credits positive, debits negative, in major units of currency
             * @example -12.4
             */
            amount: number;
            /**
             * @description The wallet balance right after this movement, in major units of currency
             * @example 130.1
             */
            balance_after: number;
            /**
             * @description ISO 4217 code
             * @example EUR
             */
            currency: string;
            reference: {
                /**
                 * @description What caused the movement
                 * @enum {string}
                 */
                type: "call" | "campaign" | "subscription" | "add_on" | "payment" | "sip_trunk" | "subaccount" | "sms" | "manual";
                /** @description Its id (the call, campaign, subscription, add-on, SIP trunk or payment) */
                id: string;
            };
            description: string | null;
            /** Format: date-time */
            created_at: string;
        };
        /** @description What the company consumed in a period, and what it cost. */
        Usage: {
            /**
             * Format: date
             * @description First day of the period (included)
             */
            start_date: string;
            /**
             * Format: date
             * @description Last day of the period (included)
             */
            end_date: string;
            /**
             * @description The IANA zone the days are read in (the calls domain's)
             * @example Europe/Madrid
             */
            time_zone: string;
            /**
             * @description ISO 4217 code
             * @example EUR
             */
            currency: string;
            calls: {
                /**
                 * Format: int32
                 * @description Calls started in the period
                 */
                count: number;
                /** @description Talk time, to 0.1 minute */
                minutes: number;
                /**
                 * @description Their cost, in major units of currency
                 * @example 18.2
                 */
                cost: number;
            };
            sms: {
                /**
                 * Format: int32
                 * @description SMS segments sent
                 */
                segments: number;
                /**
                 * @description What it cost, in major units of currency
                 * @example 0
                 */
                cost: number;
            };
            emails: {
                /**
                 * Format: int32
                 * @description Emails sent
                 */
                count: number;
                /**
                 * @description What it cost, in major units of currency
                 * @example 0
                 */
                cost: number;
            };
            whatsapp: {
                /**
                 * Format: int32
                 * @description WhatsApp messages sent
                 */
                messages: number;
                /**
                 * @description What it cost, in major units of currency
                 * @example 0
                 */
                cost: number;
            };
            /**
             * @description The period's metered cost, in major units of currency
             * @example 31.6
             */
            total_cost: number;
        };
        /** @description A page of the platform's invoices, newest first: `data`, with the `limit` and `offset` applied. */
        BillingInvoicePage: {
            /** @description At most `limit` items */
            data: components["schemas"]["BillingInvoice"][];
            /**
             * Format: int32
             * @description Page size applied
             */
            limit: number;
            /**
             * Format: int64
             * @description Row offset applied
             */
            offset: number;
        };
        /** @description An invoice the platform issued to the company. */
        BillingInvoice: {
            /** Format: uuid */
            id: string;
            /** @example INV-2026-000412 */
            number: string;
            /**
             * @description open: awaiting payment; paid; void: cancelled
             * @enum {string}
             */
            status: "open" | "paid" | "void";
            /** Format: date */
            period_start: string;
            /** Format: date */
            period_end: string;
            /**
             * @description Before tax, in major units of currency
             * @example 99
             */
            subtotal: number;
            /**
             * @description VAT, in major units of currency
             * @example 20.79
             */
            tax: number;
            /**
             * @description With tax, in major units of currency
             * @example 119.79
             */
            total: number;
            /**
             * @description ISO 4217 code
             * @example EUR
             */
            currency: string;
            /** Format: date-time */
            issued_at: string;
            /** Format: date-time */
            due_at: string;
            /** Format: date-time */
            paid_at: string | null;
        };
        /** @description A page of uncompleted number orders, newest first: `data`, with the `limit` and `offset` applied. */
        PendingOrderPage: {
            /** @description At most `limit` items */
            data: components["schemas"]["PendingOrder"][];
            /**
             * Format: int32
             * @description Page size applied
             */
            limit: number;
            /**
             * Format: int64
             * @description Row offset applied
             */
            offset: number;
        };
        /** @description A phone number purchase that has not completed. */
        PendingOrder: {
            /** Format: uuid */
            id: string;
            /**
             * @description ISO 3166-1 alpha-2
             * @example ES
             */
            country: string;
            /** @enum {string} */
            number_type: "local" | "mobile" | "toll_free";
            /** @description E.164 of the number reserved; null until the carrier assigns one */
            phone_number: string | null;
            /**
             * @description pending_documents: the regulator's documents are missing; pending_payment; processing: with the carrier
             * @enum {string}
             */
            status: "pending_documents" | "pending_payment" | "processing";
            /** @description What is missing, in words */
            status_reason: string | null;
            /**
             * @description One-off price, in major units of currency
             * @example 5
             */
            setup_price: number;
            /**
             * @description Monthly price, in major units of currency
             * @example 3
             */
            monthly_price: number;
            /**
             * @description ISO 4217 code
             * @example EUR
             */
            currency: string;
            /** Format: date-time */
            created_at: string;
        };
        /** @description The plan the company hired and its billing cycle. */
        Subscription: {
            /**
             * @description The plan in force (and so the account's capabilities)
             * @enum {string}
             */
            plan: "PAYG" | "Starter" | "Business" | "Agency" | "Partner" | "Enterprise";
            /** @description Whether a plan was hired; false: the account runs on its plan without a subscription */
            subscribed: boolean;
            /** @enum {string|null} */
            cycle: "monthly" | "yearly" | null;
            /** Format: date-time */
            current_period_start: string | null;
            /** Format: date-time */
            current_period_end: string | null;
            /** @description The price of one cycle of the plan, in major units of currency */
            price: number | null;
            /**
             * @description ISO 4217 code
             * @example EUR
             */
            currency: string;
            /** @description The subscription ends when the current period ends */
            cancel_at_period_end: boolean;
            /**
             * Format: date-time
             * @description When it ends, if cancelled
             */
            cancel_at: string | null;
            /**
             * @description A downgrade that takes effect when the current period ends
             * @enum {string|null}
             */
            scheduled_plan: "PAYG" | "Starter" | "Business" | "Agency" | "Partner" | "Enterprise" | null;
        };
        /** @description The add-on catalogue, each with whether it is hired. */
        AddonList: {
            data: components["schemas"]["Addon"][];
        };
        /** @description An add-on of the catalogue, and whether the company hired it. */
        Addon: {
            /** @enum {string} */
            type: "extra_concurrent_calls" | "call_recording" | "advanced_analytics" | "white_label" | "priority_support";
            name: string;
            description: string;
            /**
             * @description Per month, in major units of currency
             * @example 49
             */
            monthly_price: number;
            /**
             * @description ISO 4217 code
             * @example EUR
             */
            currency: string;
            /** @description Whether the company's plan can hire it */
            available: boolean;
            hired: boolean;
            /** Format: date-time */
            hired_at: string | null;
        };
        /** @description A successful top-up and the wallet balance after it. */
        TopUp: {
            top_up: {
                /** Format: uuid */
                id: string;
                /**
                 * @description Paid in, in major units of currency
                 * @example 50
                 */
                amount: number;
                /**
                 * @description ISO 4217 code
                 * @example EUR
                 */
                currency: string;
                /** @enum {string} */
                status: "succeeded";
                /**
                 * @description The payment provider's id of the charge
                 * @example pi_3Pq9x2fake
                 */
                payment_reference: string;
                /** Format: date-time */
                created_at: string;
            };
            balance: components["schemas"]["Balance"];
        };
        /** @description How much to pay into the wallet with the payment method on file. */
        TopUpInput: {
            /**
             * @description In major units of the billing currency, within the configured minimum and maximum, with at most the currency's decimals
             * @example 50
             */
            amount: number;
        };
        /** @description The subscription after a plan was hired or changed, and what it cost now. */
        PlanChange: components["schemas"]["Subscription"] & {
            /**
             * @description hired: a new subscription; upgraded: in force now; downgrade_scheduled: at the end of the period
             * @enum {string}
             */
            change: "hired" | "upgraded" | "downgrade_scheduled";
            /** @description What was charged to the wallet now, in major units (0 for a downgrade) */
            charged: number;
        };
        /** @description The plan to hire, or to change to. */
        ChangePlanInput: {
            /**
             * @description PAYG, Starter, Business, Agency, Partner or Enterprise
             * @enum {string}
             */
            plan: "PAYG" | "Starter" | "Business" | "Agency" | "Partner" | "Enterprise";
            /**
             * @description How often it is paid (a new subscription's; a change keeps the current cycle)
             * @default monthly
             * @enum {string}
             */
            cycle?: "monthly" | "yearly";
        };
        /** @description The add-on after hiring it. */
        HiredAddon: components["schemas"]["Addon"] & {
            /** @description Charged to the wallet now, in major units (0 when it was already hired) */
            charged: number;
        };
        /** @description The add-on to hire. */
        HireAddonInput: {
            /**
             * @description An add-on of the catalogue (GET /billing/addons)
             * @enum {string}
             */
            addon_type: "extra_concurrent_calls" | "call_recording" | "advanced_analytics" | "white_label" | "priority_support";
        };
        /** @description A page of the platform's agent templates: `data`, with the `limit` and `offset` applied. */
        AgentTemplatePage: {
            /** @description At most `limit` items */
            data: components["schemas"]["AgentTemplate"][];
            /**
             * Format: int32
             * @description Page size applied
             */
            limit: number;
            /**
             * Format: int64
             * @description Row offset applied
             */
            offset: number;
        };
        /** @description A template of the platform that agents are created from, with its agent.yaml. */
        AgentTemplate: {
            /** @example receptionist-es */
            id: string;
            name: string;
            description: string;
            /** @description BCP 47 */
            language: string;
            voice: string;
            /** @description The template's agent.yaml (base_version 0) */
            yaml: string;
        };
        /** @description A page of the countries the platform can call: `data`, with the `limit` and `offset` applied. */
        CallableDestinationPage: {
            /** @description At most `limit` items */
            data: components["schemas"]["CallableDestination"][];
            /**
             * Format: int32
             * @description Page size applied
             */
            limit: number;
            /**
             * Format: int64
             * @description Row offset applied
             */
            offset: number;
        };
        /** @description A country the platform can call, with its dialling code. */
        CallableDestination: {
            /**
             * @description ISO 3166-1 alpha-2
             * @example ES
             */
            country: string;
            /** @example Spain */
            name: string;
            /** @example +34 */
            dialling_code: string;
        };
        /** @description A page of the company's SIP extensions: `data`, with the `limit` and `offset` applied. */
        SipExtensionPage: {
            /** @description At most `limit` items */
            data: components["schemas"]["SipExtension"][];
            /**
             * Format: int32
             * @description Page size applied
             */
            limit: number;
            /**
             * Format: int64
             * @description Row offset applied
             */
            offset: number;
        };
        /** @description A SIP extension of the company: who uses it, its profile and status, and what devices register as (never its password). */
        SipExtension: {
            /** Format: uuid */
            id: string;
            /** @example 101 */
            extension: string;
            /** @example Reception */
            name: string;
            /**
             * Format: uuid
             * @description The team member who uses it; null when shared
             */
            member_id: string | null;
            /**
             * Format: uuid
             * @description The telephony profile it connects with
             */
            profile_id: string | null;
            /** @enum {string} */
            status: "active" | "disabled";
            /**
             * @description The SIP user devices register as (the password is never returned)
             * @example ext101
             */
            sip_username: string;
            /** @example reformas-demo.sip.example.net */
            sip_domain: string;
            /** Format: date-time */
            created_at: string;
        };
        /** @description A page of the company's telephony profiles: `data`, with the `limit` and `offset` applied. */
        TelephonyProfilePage: {
            /** @description At most `limit` items */
            data: components["schemas"]["TelephonyProfile"][];
            /**
             * Format: int32
             * @description Page size applied
             */
            limit: number;
            /**
             * Format: int64
             * @description Row offset applied
             */
            offset: number;
        };
        /** @description A telephony profile: SIP transport, codecs, DTMF, encryption and recording, and its trunk's host (never its credentials). */
        TelephonyProfile: {
            /** Format: uuid */
            id: string;
            /** @example Office (TLS + SRTP) */
            name: string;
            /** @enum {string} */
            transport: "udp" | "tcp" | "tls";
            /** @description In order of preference */
            codecs: ("opus" | "G722" | "PCMA" | "PCMU")[];
            /** @enum {string} */
            dtmf_mode: "rfc2833" | "inband" | "sip_info";
            /** @description Media encrypted with SRTP */
            srtp: boolean;
            /** @description Calls on this profile are recorded */
            recording: boolean;
            /** Format: int32 */
            max_concurrent_calls: number;
            /**
             * @description The SIP trunk's host; null without a trunk (its credentials are never returned)
             * @example trunk.carrier.example.net
             */
            trunk_host: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** @description An outbound call launched through the API, with its reservation. */
        DialledCall: {
            /**
             * Format: uuid
             * @description The call's id: GET /calls/{call_id} reads it from now on, while it is in progress and once it ended
             */
            id: string;
            /**
             * @description queued: handed to the provider's queue; ringing; in_progress; completed; failed
             * @enum {string}
             */
            status: "queued" | "ringing" | "in_progress" | "completed" | "failed";
            /** @enum {string} */
            direction: "outbound";
            /** @description E.164 */
            to: string;
            /** @description E.164 the call is placed from */
            from: string | null;
            /** Format: uuid */
            agent_id: string;
            /** @description ISO 3166-1 alpha-2 of the destination */
            country: string;
            rate: {
                /** @description In major units of currency */
                price_per_minute: number;
                /** Format: int32 */
                minimum_seconds: number;
                /** Format: int32 */
                billing_increment_seconds: number;
            };
            /** @description Held from the wallet until the call ends, then settled against its real cost, in major units */
            reserved: number;
            /**
             * Format: int32
             * @description The talk time the reservation covers: the call is cut there
             */
            reserved_seconds: number;
            /** @example EUR */
            currency: string;
            /** Format: date-time */
            created_at: string;
        };
        /** @description Who to call, and which voice agent talks. */
        DialInput: {
            /**
             * @description The number to call, E.164 (or national, read in the account's region); its country must be a callable destination (GET /rates/countries)
             * @example +34612345678
             */
            to: string;
            /**
             * Format: uuid
             * @description The voice agent that talks (GET /agents); another company's or an unknown one is 400
             * @example 5b0e8f8e-3c1a-4d55-9a53-0f6a2c1d7e42
             */
            agent_id: string;
        };
        /** @description The simultaneous-call quota and the calls in progress. */
        Concurrency: {
            /**
             * Format: int32
             * @description Simultaneous calls allowed: the plan's and the hired add-ons'
             */
            quota: number;
            /**
             * Format: int32
             * @description Calls not ended yet: queued, ringing or answered
             */
            in_progress: number;
            /**
             * Format: int32
             * @description quota - in_progress, never below 0
             */
            available: number;
        };
        /** @description The calls of a period: totals, by direction, by result, and by both. */
        CallAnalytics: {
            period: components["schemas"]["AnalyticsPeriod"];
            /**
             * @description The company's billing currency
             * @example EUR
             */
            currency: string;
            /** @description Every call of the period: equal to the aggregates of GET /calls for the same start_date and end_date */
            totals: {
                /** Format: int32 */
                calls: number;
                /**
                 * Format: int64
                 * @description Total talk time
                 */
                duration_seconds: number;
                /** @description duration_seconds / calls, to 0.1 s; null without calls */
                average_duration_seconds: number | null;
                /** @description In major units of currency */
                cost: number;
            };
            /** @description One entry per direction, zeros included */
            by_direction: {
                /** @enum {string} */
                direction: "inbound" | "outbound";
                /** Format: int32 */
                calls: number;
                /**
                 * Format: int64
                 * @description Total talk time
                 */
                duration_seconds: number;
                /** @description duration_seconds / calls, to 0.1 s; null without calls */
                average_duration_seconds: number | null;
                /** @description In major units of currency */
                cost: number;
            }[];
            /** @description One entry per result, zeros included */
            by_result: {
                /** @enum {string} */
                result: "answered" | "no_answer" | "busy" | "failed" | "voicemail" | "cancelled";
                /** Format: int32 */
                calls: number;
                /**
                 * Format: int64
                 * @description Total talk time
                 */
                duration_seconds: number;
                /** @description duration_seconds / calls, to 0.1 s; null without calls */
                average_duration_seconds: number | null;
                /** @description In major units of currency */
                cost: number;
            }[];
            /** @description One entry per direction and result, zeros included */
            breakdown: components["schemas"]["CallBreakdownRow"][];
        };
        /** @description A period of local dates of the company's time zone, both ends included. */
        AnalyticsPeriod: {
            /** Format: date */
            from: string;
            /**
             * Format: date
             * @description Included
             */
            to: string;
            /**
             * Format: int32
             * @description Days in the period, both ends included
             */
            days: number;
            /**
             * @description The company's time zone, which the dates are read in (the same as GET /calls)
             * @example Europe/Madrid
             */
            time_zone: string;
        };
        /** @description The calls of one direction with one result: count, talk time and cost. */
        CallBreakdownRow: {
            /** @enum {string} */
            direction: "inbound" | "outbound";
            /** @enum {string} */
            result: "answered" | "no_answer" | "busy" | "failed" | "voicemail" | "cancelled";
            /** Format: int32 */
            calls: number;
            /**
             * Format: int64
             * @description Total talk time
             */
            duration_seconds: number;
            /** @description duration_seconds / calls, to 0.1 s; null without calls */
            average_duration_seconds: number | null;
            /** @description In major units of currency */
            cost: number;
        };
        /** @description The period's indicators, each compared with the previous period of the same length. */
        Dashboard: {
            period: components["schemas"]["AnalyticsPeriod"];
            previous_period: components["schemas"]["AnalyticsPeriod"] & unknown;
            /**
             * @description The company's billing currency (cost indicators)
             * @example EUR
             */
            currency: string;
            /** @description calls (all), inbound_calls, outbound_calls, answered_calls, answered_rate (answered / calls, in percent), missed_calls (no_answer, busy and cancelled inbound calls), minutes (talk time), average_duration_seconds, cost, cost_per_answered_call, bookings (null: the calendar is not available yet) */
            indicators: {
                calls: components["schemas"]["Indicator"];
                inbound_calls: components["schemas"]["Indicator"];
                outbound_calls: components["schemas"]["Indicator"];
                answered_calls: components["schemas"]["Indicator"];
                answered_rate: components["schemas"]["Indicator"];
                missed_calls: components["schemas"]["Indicator"];
                minutes: components["schemas"]["Indicator"];
                average_duration_seconds: components["schemas"]["Indicator"];
                cost: components["schemas"]["Indicator"];
                cost_per_answered_call: components["schemas"]["Indicator"];
                bookings: components["schemas"]["Indicator"];
            };
        };
        /** @description An indicator over the period, over the previous period of the same length, and the variation between them. */
        Indicator: {
            /** @description The period's value; null when it cannot be computed (see note) */
            value: number | null;
            /** @description The value over the previous period of the same length */
            previous: number | null;
            /**
             * @description (value - previous) / previous, in percent to 0.1; null when previous is 0 or either value is null
             * @example 12.5
             */
            variation: number | null;
            /** @description Why value is null, when it is */
            note: string | null;
        };
        /** @description The weekly working hours: a time zone and each weekday's intervals. Replaces the schedule. */
        CalendarScheduleInput: {
            /**
             * @description IANA time zone the intervals are wall-clock times of
             * @example Europe/Madrid
             */
            time_zone: string;
            /** @description Per weekday (monday to sunday), its working intervals, sorted; a day left out is closed */
            week: {
                /** @description Working intervals of monday; left out or empty: closed */
                monday?: components["schemas"]["CalendarWallInterval"][];
                /** @description Working intervals of tuesday; left out or empty: closed */
                tuesday?: components["schemas"]["CalendarWallInterval"][];
                /** @description Working intervals of wednesday; left out or empty: closed */
                wednesday?: components["schemas"]["CalendarWallInterval"][];
                /** @description Working intervals of thursday; left out or empty: closed */
                thursday?: components["schemas"]["CalendarWallInterval"][];
                /** @description Working intervals of friday; left out or empty: closed */
                friday?: components["schemas"]["CalendarWallInterval"][];
                /** @description Working intervals of saturday; left out or empty: closed */
                saturday?: components["schemas"]["CalendarWallInterval"][];
                /** @description Working intervals of sunday; left out or empty: closed */
                sunday?: components["schemas"]["CalendarWallInterval"][];
            };
        };
        /** @description An exception for one date: closed all day, or its own intervals. */
        CalendarOverrideInput: {
            /**
             * Format: date
             * @description The local date (YYYY-MM-DD) in the calendar's zone
             * @example 2026-12-24
             */
            date: string;
            /** @description true: closed all day (send no intervals) */
            closed?: boolean;
            /** @description The day's own working intervals, replacing its weekday's (1 or more) */
            intervals?: components["schemas"]["CalendarWallInterval"][];
            /**
             * @description Why (a holiday, an event)
             * @example Christmas Eve: mornings only
             */
            note?: string | null;
        };
        /** @description Whether an instant falls within working hours, its local time, and the next opening. */
        CalendarCheck: {
            /**
             * Format: date-time
             * @description The instant checked (UTC)
             */
            at: string;
            /** @example Europe/Madrid */
            time_zone: string;
            /**
             * @description The instant as the calendar's clock shows it, with its offset
             * @example 2026-03-30T09:15:00.000+02:00
             */
            local_time: string;
            /** Format: date */
            local_date: string;
            /** @enum {string} */
            weekday: "monday" | "tuesday" | "wednesday" | "thursday" | "friday" | "saturday" | "sunday";
            /** @description Whether the instant falls within working hours */
            open: boolean;
            /** @description The working interval it falls in; null when closed */
            interval: components["schemas"]["CalendarDayInterval"] | null;
            /**
             * Format: date-time
             * @description The next instant, after `at`, at which a working interval starts; null when none within a year
             */
            next_opening: string | null;
            /** @description next_opening as the calendar's clock shows it */
            next_opening_local: string | null;
        };
        /** @description A page of the company's sending identities, newest first: `data`, with the `limit` and `offset` applied. */
        EmailConnectionPage: {
            /** @description At most `limit` items */
            data: components["schemas"]["EmailConnection"][];
            /**
             * Format: int32
             * @description Page size applied
             */
            limit: number;
            /**
             * Format: int64
             * @description Row offset applied
             */
            offset: number;
        };
        /** @description A sending identity of the company: an address its email goes out from, and whether it is verified (never its credentials). */
        EmailConnection: {
            /** Format: uuid */
            id: string;
            /**
             * Format: email
             * @example presupuestos@reformasdemo.es
             */
            address: string;
            /**
             * @description The name recipients see
             * @example Reformas Demo
             */
            display_name: string;
            /** @description Whether the provider confirmed the address (or its domain); only verified identities send */
            verified: boolean;
            /**
             * Format: date-time
             * @description When it was verified; null while it is not
             */
            verified_at: string | null;
            /** Format: date-time */
            created_at: string;
        };
        /** @description A page of sent emails, newest first: `data`, with the `limit` and `offset` applied. */
        EmailHistoryPage: {
            /** @description At most `limit` items */
            data: components["schemas"]["EmailHistoryEntry"][];
            /**
             * Format: int32
             * @description Page size applied
             */
            limit: number;
            /**
             * Format: int64
             * @description Row offset applied
             */
            offset: number;
        };
        /** @description An email sent through the API: from, to, subject, and what became of it. */
        EmailHistoryEntry: {
            /** Format: uuid */
            id: string;
            /**
             * Format: uuid
             * @description The sending identity it went out from
             */
            identity_id: string;
            /**
             * @description The From header as sent
             * @example "Reformas Demo" <presupuestos@reformasdemo.es>
             */
            from: string;
            /**
             * Format: email
             * @example lucia.fernandez@example.com
             */
            to: string;
            /** @example Your kitchen quote */
            subject: string;
            /**
             * @description sending: handed to the provider now; sent: the provider accepted it; failed: it did not (nothing was sent)
             * @enum {string}
             */
            status: "sending" | "sent" | "failed";
            /**
             * @description The provider's message id, once accepted
             * @example b7bc2f4a-e38e-4336-af7d-e6c392c2f817
             */
            provider_message_id: string | null;
            /**
             * @description Why it failed, when it did
             * @example null
             */
            failure_reason: string | null;
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date-time
             * @description When the provider accepted it
             */
            sent_at: string | null;
        };
        /**
         * @description An email to send from one of the company's verified identities.
         * @example {
         *       "to": "lucia.fernandez@example.com",
         *       "subject": "Your kitchen quote",
         *       "body": "Hello Lucía,\n\nAttached is the quote we discussed.\n\nReformas Demo"
         *     }
         */
        SendEmailInput: {
            /**
             * Format: email
             * @description The recipient's address
             * @example lucia.fernandez@example.com
             */
            to: string;
            /**
             * @description 1 to 500 characters
             * @example Your kitchen quote
             */
            subject: string;
            /**
             * @description Plain text, 1 to 100000 characters
             * @example Hello Lucía,
             *
             *     Attached is the quote we discussed.
             *
             *     Reformas Demo
             */
            body: string;
            /**
             * Format: uuid
             * @description The verified sending identity to send from (GET /email/connections); default: the company's oldest verified identity
             */
            identity_id?: string;
        };
        /** @description The outcome of a check: each recipient, and the text's segments and price. Nothing was sent or charged. */
        SmsCheck: {
            text: components["schemas"]["SmsSegmentation"] | null;
            /**
             * @description ISO 4217 of every price
             * @example EUR
             */
            currency: string;
            recipients: components["schemas"]["CheckedSmsRecipient"][];
            /**
             * Format: int32
             * @description How many recipients are allowed
             */
            allowed: number;
            /**
             * @description What sending the text to every allowed recipient costs; null without a text
             * @example 0.07
             */
            total_price: number | null;
        };
        /** @description The text's encoding and segments; null without a text */
        SmsSegmentation: {
            /**
             * @description GSM-7 when every character is in the GSM 03.38 alphabet (or its extension table), else UCS-2
             * @enum {string}
             */
            encoding: "GSM-7" | "UCS-2";
            /**
             * Format: int32
             * @description Characters (Unicode code points)
             * @example 58
             */
            characters: number;
            /**
             * Format: int32
             * @description Segments the text is sent as (GSM-7: 160, or 153 per part; UCS-2: 70, or 67 per part)
             * @example 1
             */
            segments: number;
        };
        /** @description One recipient of a check: its E.164 form and country, whether it can receive an SMS from this account, and the price. */
        CheckedSmsRecipient: {
            /**
             * @description The number as sent
             * @example 612 345 679
             */
            input: string;
            /**
             * @description Its E.164 form; null when it is not a valid number
             * @example +34612345679
             */
            e164: string | null;
            /**
             * @description ISO 3166-1 alpha-2 of the number; null when invalid
             * @example ES
             */
            country: string | null;
            /** @description Whether it is a valid phone number */
            valid: boolean;
            /** @description Whether an SMS can be sent to it from this account */
            allowed: boolean;
            /**
             * @description allowed; invalid_number; not_mobile (a fixed line cannot receive SMS); destination_not_covered (a country the platform does not reach); no_rate (no SMS price for its country on this account)
             * @enum {string}
             */
            verdict: "allowed" | "invalid_number" | "not_mobile" | "destination_not_covered" | "no_rate";
            /**
             * @description What one segment to it costs, in major units; null when not allowed
             * @example 0.07
             */
            price_per_segment: number | null;
            /**
             * @description What the text costs to it (segments x price per segment); null without a text or when not allowed
             * @example 0.07
             */
            price: number | null;
        };
        /**
         * @description Recipients to check without sending, and optionally the text to price.
         * @example {
         *       "numbers": [
         *         "+34612345678",
         *         "612 345 679",
         *         "+1 202 555 0143"
         *       ],
         *       "text": "Hola Lucía, su visita es el martes a las 10:00. Reformas Demo"
         *     }
         */
        CheckSmsInput: {
            /** @description 1 to 100 recipients */
            numbers: string[];
            /**
             * @description A text to count segments and price for (optional)
             * @example Hola Lucía, su visita es el martes a las 10:00. Reformas Demo
             */
            text?: string;
        };
        /** @description An SMS sent through the API: recipient, text, segments, what it cost, and what became of it. */
        SmsMessage: {
            /** Format: uuid */
            id: string;
            /**
             * @description E.164
             * @example +34612345678
             */
            to: string;
            /**
             * @description ISO 3166-1 alpha-2
             * @example ES
             */
            country: string;
            text: string;
            /** @enum {string} */
            encoding: "GSM-7" | "UCS-2";
            /** Format: int32 */
            segments: number;
            /**
             * @description In major units
             * @example 0.07
             */
            price_per_segment: number;
            /**
             * @description segments x price_per_segment, in major units, debited from the wallet
             * @example 0.07
             */
            cost: number;
            /** @example EUR */
            currency: string;
            /**
             * @description sending: handed to the provider now; sent: the provider accepted it; failed: it did not (its cost was refunded)
             * @enum {string}
             */
            status: "sending" | "sent" | "failed";
            /** @description Whether the cost went back to the wallet (a failed send) */
            refunded: boolean;
            /**
             * @description The provider's id, once accepted
             * @example SM3f9a0c2b7d5e4f6a8b1c2d3e4f5a6b7c
             */
            provider_message_id: string | null;
            failure_reason: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            sent_at: string | null;
        };
        /**
         * @description One SMS: the recipient and the text.
         * @example {
         *       "to": "+34612345678",
         *       "text": "Hola Lucía, su visita es el martes a las 10:00. Reformas Demo"
         *     }
         */
        SendSmsInput: {
            /**
             * @description A phone number: E.164, or national in the account's default region
             * @example +34612345678
             */
            to: string;
            /**
             * @description 1 to 1600 characters
             * @example Hola Lucía, su visita es el martes a las 10:00. Reformas Demo
             */
            text: string;
        };
        /** @description A page of sent SMS, newest first: `data`, with the `limit` and `offset` applied. */
        SmsHistoryPage: {
            /** @description At most `limit` items */
            data: components["schemas"]["SmsMessage"][];
            /**
             * Format: int32
             * @description Page size applied
             */
            limit: number;
            /**
             * Format: int64
             * @description Row offset applied
             */
            offset: number;
        };
        /** @description A page of the mailboxes this key can read, newest first: `data`, with the `limit` and `offset` applied. */
        MailboxPage: {
            /** @description At most `limit` items */
            data: components["schemas"]["Mailbox"][];
            /**
             * Format: int32
             * @description Page size applied
             */
            limit: number;
            /**
             * Format: int64
             * @description Row offset applied
             */
            offset: number;
        };
        /** @description A shared mailbox of the company that this key can read. */
        Mailbox: {
            /** Format: uuid */
            id: string;
            /**
             * Format: email
             * @example info@reformasdemo.es
             */
            address: string;
            /** @example Información */
            name: string;
            /**
             * @description shared: a shared mailbox synced into the platform; forwarding: an address whose mail is forwarded to the platform (no folders, no conversations: those operations answer 501); jmap: a mailbox on a JMAP mail server, whose folders and counters are read live from it (502 when it fails)
             * @enum {string}
             */
            kind: "shared" | "forwarding" | "jmap";
            /** @description Which operations this kind of mailbox supports (the others answer 501) */
            supports: {
                folders: boolean;
                conversations: boolean;
            };
            /**
             * Format: date-time
             * @description When its messages were last synced
             */
            last_synced_at: string | null;
            /** Format: date-time */
            created_at: string;
        };
        /** @description A page of the company's WhatsApp numbers, newest first: `data`, and `page` to read the next one. */
        WhatsAppConnectionPage: {
            /** @description At most `limit` items */
            data: components["schemas"]["WhatsAppConnection"][];
            page: {
                /** @description Whether another page follows (read as one extra row) */
                has_more: boolean;
                /** @description Pass as cursor to read the next page; null on the last page */
                next_cursor: string | null;
            };
        };
        /** @description One of the company's WhatsApp numbers. Its provider token is held by the service, sealed, and never shown. */
        WhatsAppConnection: {
            /** Format: uuid */
            id: string;
            /**
             * @description The number (E.164)
             * @example +34612345678
             */
            phone_number: string;
            /** @description The business name WhatsApp shows */
            display_name: string;
            /** @enum {string} */
            status: "connected" | "disconnected";
            /** Format: date-time */
            connected_at: string | null;
            /** Format: date-time */
            created_at: string;
        };
        /** @description Per phone: E.164 form, window, and what can be sent. */
        WhatsAppCheckResult: {
            /** @description One entry per phone sent, in order */
            data: components["schemas"]["WhatsAppPhoneCheck"][];
        };
        /** @description What can be sent to one phone, and why. */
        WhatsAppPhoneCheck: {
            /** @description The phone as sent */
            input: string;
            /** @description Its E.164 form; null when it is not a valid number */
            e164: string | null;
            /** @description ISO 3166-1 alpha-2 region of the number */
            country: string | null;
            /** @description Whether the contact wrote to the company's number in the last 24 hours (the customer-service window) */
            window_open: boolean;
            /**
             * Format: date-time
             * @description When the open window closes
             */
            window_expires_at: string | null;
            /**
             * @description text: free text or templates; template_only: the window is closed, only an approved template; none: not a number that can be on WhatsApp
             * @enum {string}
             */
            can_send: "text" | "template_only" | "none";
            /** @description The phone's thread is reserved for an external bot (POST /whatsapp/whitelist) */
            reserved_for_external_bot: boolean;
            /** @description Why nothing can be sent */
            reason: string | null;
        };
        /** @description Phones to check before writing to them. */
        WhatsAppCheckInput: {
            /** @description 1 to 100 phones */
            phones: string[];
        };
        /** @description The messages after a polling position, and the next position. */
        WhatsAppPoll: {
            /** @description Messages after `since`, oldest first, in the order they were recorded; notes are not included */
            data: components["schemas"]["WhatsAppMessage"][];
            /** @description Pass as `since` in the next poll (also when `data` is empty) */
            next_since: string;
            /** @description More messages are waiting: poll again at once */
            has_more: boolean;
            /** @description `since` was not a value this API gave out, so the list started from the oldest message */
            restarted: boolean;
        };
        /** @description A text or template message to one phone. */
        WhatsAppSendInput: {
            /**
             * @description Any usual notation; without a country code it is read in the company's default region
             * @example +34 612 345 678
             */
            to: string;
            /**
             * @description text: free text, only within the 24-hour window; template: an approved template, at any time
             * @enum {string}
             */
            type: "text" | "template";
            /** @description The text (type text) */
            text?: string;
            /** @description The template (type template) */
            template?: {
                /** @description An approved template's name (GET /whatsapp/templates) */
                name: string;
                /**
                 * @description Its language code, such as es or en_US
                 * @example es
                 */
                language: string;
                /**
                 * @description Values of its body placeholders {{1}}, {{2}}… in order
                 * @default []
                 */
                parameters?: string[];
            };
        };
        /** @description A page of approved templates, in the provider's order. */
        WhatsAppTemplatePage: {
            data: components["schemas"]["WhatsAppTemplate"][];
            page: {
                has_more: boolean;
                next_cursor: string | null;
            };
        };
        /** @description An approved message template of the company's WhatsApp Business Account. */
        WhatsAppTemplate: {
            /** @description The provider's template id */
            id: string;
            name: string;
            language: string;
            /** @enum {string} */
            category: "MARKETING" | "UTILITY" | "AUTHENTICATION";
            /**
             * @description Only approved templates are listed: they are the ones that can be sent
             * @enum {string}
             */
            status: "APPROVED";
            /** @description The template's components (header, body with {{n}} placeholders, footer, buttons) as the provider describes them */
            components: {
                [key: string]: unknown;
            }[];
        };
        /** @description The message, now read. */
        WhatsAppTyping: {
            message: components["schemas"]["WhatsAppMessage"];
            /**
             * @description The typing indicator is shown (for up to 25 seconds, or until the reply)
             * @enum {boolean}
             */
            typing: true;
        };
        /** @description The inbound message to mark read, showing its sender that we are typing. */
        WhatsAppTypingInput: {
            /**
             * Format: uuid
             * @description An inbound message (GET /whatsapp/messages or a conversation's messages)
             */
            message_id: string;
        };
        /** @description Whether a phone's thread is reserved for an external bot. */
        WhatsAppWhitelistEntry: {
            /**
             * @description E.164
             * @example +34612345678
             */
            phone: string;
            /** @description Whether the thread is now reserved for the external bot */
            reserved_for_external_bot: boolean;
            /**
             * Format: date-time
             * @description Since when (the first reservation; repeating it keeps it)
             */
            reserved_at: string | null;
            /** @description Whether this request changed anything (both operations are idempotent) */
            changed: boolean;
        };
        /** @description The phone whose thread an external bot handles. */
        WhatsAppWhitelistInput: {
            /**
             * @description Any usual notation; without a country code it is read in the company's default region
             * @example +34 612 345 678
             */
            phone: string;
        };
        /** @description The agency's channel over a period: its subaccounts by status, their calls, minutes and spend. */
        AgencyStats: {
            /**
             * @description What the figures cover: tree, every subaccount of the agency's tree (at any level it reaches); direct, its direct subaccounts only
             * @enum {string}
             */
            scope: "tree" | "direct";
            period: {
                /** Format: date */
                from: string;
                /**
                 * Format: date
                 * @description Included
                 */
                to: string;
                /** Format: int32 */
                days: number;
            };
            /** @description The agency's subaccounts now, by status */
            subaccounts: {
                /** Format: int32 */
                total: number;
                /** Format: int32 */
                active: number;
                /** Format: int32 */
                suspended: number;
                /**
                 * Format: int32
                 * @description Subaccounts created during the period (by the agency's time zone)
                 */
                created_in_period: number;
            };
            /**
             * Format: int32
             * @description Calls of the subaccounts during the period
             */
            calls: number;
            /**
             * @description Their talk time in minutes, to 0.1
             * @example 1234.5
             */
            minutes: number;
            /** @description The subaccounts' spend during the period, one entry per wallet currency (none without spend) */
            spend: {
                /** @example EUR */
                currency: string;
                /**
                 * @description Charges minus refunds in major units, never below 0
                 * @example 812.4
                 */
                amount: number;
            }[];
        };
        /** @description The subaccount just created, and what its setup cost the agency. */
        CreatedSubaccount: components["schemas"]["Subaccount"] & {
            setup_charge: components["schemas"]["SetupCharge"] | null;
        };
        /** @description What the creation cost the agency; null when it has no setup price */
        SetupCharge: {
            /**
             * @description In major units of currency
             * @example 49
             */
            amount: number;
            /** @example EUR */
            currency: string;
            /**
             * Format: uuid
             * @description The agency's wallet ledger entry (GET /billing/transactions)
             */
            transaction_id: string;
        };
        /** @description The client company to create under the key's company: name, plan and owner. */
        CreateSubaccountInput: {
            /**
             * @description The client company's name, 1 to 200 characters
             * @example Clínica Dental Sonrisa SL
             */
            name: string;
            /**
             * @description The subaccount's plan: the agency's own plan or one below it (PAYG < Starter < Business < Agency < Partner < Enterprise)
             * @enum {string}
             */
            plan: "PAYG" | "Starter" | "Business" | "Agency" | "Partner" | "Enterprise";
            /**
             * Format: email
             * @description The owner's email; one owner per subaccount in the agency's tree (case-insensitive)
             * @example owner@sonrisa.example
             */
            owner_email: string;
        };
        /** @description A page of delivery attempts, newest first: `data`, with the `limit` and `offset` applied. */
        WebhookDeliveryAttemptPage: {
            /** @description At most `limit` items */
            data: components["schemas"]["WebhookDeliveryAttempt"][];
            /**
             * Format: int32
             * @description Page size applied
             */
            limit: number;
            /**
             * Format: int64
             * @description Row offset applied
             */
            offset: number;
        };
        /** @description One attempt to deliver an event to the subscription's URL, and what came of it. */
        WebhookDeliveryAttempt: {
            /**
             * Format: uuid
             * @description Id of this attempt
             */
            id: string;
            /**
             * Format: uuid
             * @description The delivery; pass it to POST /api/v1/events/replay
             */
            delivery_id: string;
            /**
             * @description Current state of the delivery
             * @enum {string|null}
             */
            delivery_status: "pending" | "succeeded" | "failed" | null;
            /**
             * Format: uuid
             * @description The event id, sent as webhook-id on every attempt and replay
             */
            event_id: string;
            /** @enum {string} */
            event_type: "addon.cancelled" | "addon.hired" | "agent.updated" | "agent.version_created" | "alert.updated" | "budget.created" | "calendar.override_removed" | "calendar.override_set" | "calendar.schedule_updated" | "call.assigned" | "call.dialled" | "call.labeled" | "call.recorded" | "call.settled" | "call.unassigned" | "call.unlabeled" | "campaign.audience_changed" | "campaign.created" | "campaign.dispatched" | "campaign.updated" | "contact.created" | "contact.updated" | "contact_list.created" | "contact_list.members_added" | "contact_list.members_removed" | "contact_list.updated" | "contacts.imported" | "conversation.resumed" | "conversation.taken_over" | "email_template.created" | "email_template.updated" | "invite.revoked" | "kb_collection.updated" | "number.renamed" | "recado.created" | "sequence.archived" | "sequence.contacts_enrolled" | "sequence.created" | "sequence.updated" | "sip_trunk.created" | "sip_trunk.deleted" | "sip_trunk.updated" | "subaccount.branding_updated" | "subaccount.created" | "subaccount.domain_verified" | "subaccount.packaging_updated" | "subaccount.status_changed" | "subscription.changed" | "wallet.topped_up" | "whatsapp.message.failed" | "whatsapp.message.sent" | "whatsapp.whitelist.added" | "whatsapp.whitelist.removed";
            /**
             * Format: int32
             * @description 1 for the first attempt of the delivery
             */
            attempt: number;
            /**
             * @description scheduled: sent because of the event; manual: a replay
             * @enum {string}
             */
            trigger: "scheduled" | "manual";
            /** Format: uri */
            url: string;
            success: boolean;
            /**
             * Format: int32
             * @description HTTP status answered, or null when none (network error, timeout)
             */
            status_code: number | null;
            /**
             * Format: int32
             * @description How long the attempt took
             */
            duration_ms: number;
            error: string | null;
            /**
             * Format: date-time
             * @description When the next attempt is due; null when none follows
             */
            next_retry_at: string | null;
            /** Format: date-time */
            created_at: string;
        };
        /** @description Every event type the API emits. */
        EventCatalog: {
            data: components["schemas"]["EventType"][];
        };
        /** @description An event type the API emits, with the JSON Schema of its `data`. */
        EventType: {
            /**
             * @example budget.created
             * @enum {string}
             */
            type: "addon.cancelled" | "addon.hired" | "agent.updated" | "agent.version_created" | "alert.updated" | "budget.created" | "calendar.override_removed" | "calendar.override_set" | "calendar.schedule_updated" | "call.assigned" | "call.dialled" | "call.labeled" | "call.recorded" | "call.settled" | "call.unassigned" | "call.unlabeled" | "campaign.audience_changed" | "campaign.created" | "campaign.dispatched" | "campaign.updated" | "contact.created" | "contact.updated" | "contact_list.created" | "contact_list.members_added" | "contact_list.members_removed" | "contact_list.updated" | "contacts.imported" | "conversation.resumed" | "conversation.taken_over" | "email_template.created" | "email_template.updated" | "invite.revoked" | "kb_collection.updated" | "number.renamed" | "recado.created" | "sequence.archived" | "sequence.contacts_enrolled" | "sequence.created" | "sequence.updated" | "sip_trunk.created" | "sip_trunk.deleted" | "sip_trunk.updated" | "subaccount.branding_updated" | "subaccount.created" | "subaccount.domain_verified" | "subaccount.packaging_updated" | "subaccount.status_changed" | "subscription.changed" | "wallet.topped_up" | "whatsapp.message.failed" | "whatsapp.message.sent" | "whatsapp.whitelist.added" | "whatsapp.whitelist.removed";
            description: string;
            /** @description JSON Schema (2020-12) of the event's data */
            schema: {
                [key: string]: unknown;
            };
        };
        /** @description The new delivery, queued. */
        ReplayedDelivery: {
            /**
             * Format: uuid
             * @description The new delivery
             */
            delivery_id: string;
            /**
             * Format: uuid
             * @description The delivery replayed
             */
            replay_of: string;
            /**
             * Format: uuid
             * @description The event, sent with the same webhook-id
             */
            event_id: string;
            /** @enum {string} */
            status: "pending";
        };
        /** @description The logged delivery whose event to send again. */
        ReplayDelivery: {
            /**
             * Format: uuid
             * @description A delivery of the log (delivery_id of GET /api/v1/webhooks/deliveries)
             */
            delivery_id: string;
        };
        /** @description An add-on after its cancellation. */
        CancelledAddon: {
            /** @enum {string} */
            type: "extra_concurrent_calls" | "call_recording" | "advanced_analytics" | "white_label" | "priority_support";
            /** @enum {boolean} */
            hired: false;
            /** Format: date-time */
            cancelled_at: string;
        };
        /** @description A new name, description, or both (null clears the description). */
        UpdateKnowledgeBaseCollectionInput: {
            name?: string;
            /** @description null clears it */
            description?: string | null;
        };
        /** @description The status the subaccount should have. */
        UpdateSubaccountStatusInput: {
            /**
             * @description active activates the subaccount, suspended suspends it; the state it already has is 409
             * @enum {string}
             */
            status: "active" | "suspended";
        };
        /** @description The fields to change: an omitted field stays, null clears it, tags are replaced, custom_fields are merged. */
        UpdateContactInput: {
            first_name?: string | null;
            last_name?: string | null;
            /**
             * @description Any usual notation; stored in E.164. Without a country code it is read in the company's default region.
             * @example +34 612 345 678
             */
            phone?: string | null;
            /**
             * Format: email
             * @description Stored in lower case
             */
            email?: string | null;
            company?: string | null;
            /** @description Replaces the tags; null clears them */
            tags?: string[] | null;
            notes?: string | null;
            /** @description Merged into the contact's custom fields; a null value removes that field */
            custom_fields?: {
                [key: string]: string | number | boolean | null;
            };
        };
        /** @description A new name, description, or both (null clears the description). */
        UpdateContactListInput: {
            name?: string;
            /** @description null clears it */
            description?: string | null;
        };
        /**
         * @description The agent's greeting, prompt or voice to change (the others stay).
         * @example {
         *       "greeting": "Hello, thanks for calling. How can I help you today?"
         *     }
         */
        UpdateAgentInput: {
            /** @description What the agent says first, 1 to 1000 characters */
            greeting?: string;
            /** @description The agent's instructions, 1 to 16000 characters */
            prompt?: string;
            /**
             * @description A voice of the platform's catalogue. It must speak the agent's language.
             * @enum {string}
             */
            voice?: "es-ES-elena" | "es-ES-alvaro" | "es-MX-camila" | "ca-ES-nuria" | "en-GB-olivia" | "en-GB-james" | "en-US-ava" | "en-US-noah" | "fr-FR-lea" | "de-DE-katja" | "it-IT-giulia" | "pt-PT-ines" | "multi-aria" | "multi-leo";
        };
        /** @description The fields to change; a new password replaces the stored one. */
        UpdateSipTrunkInput: {
            /**
             * @description Unique within the company
             * @example Main carrier
             */
            name?: string;
            /**
             * @description The carrier's SIP host: a name or an IP address
             * @example sip.carrier.example
             */
            host?: string;
            /**
             * Format: int32
             * @description Default 5060 (5061 with tls)
             * @example 5060
             */
            port?: number;
            /**
             * @description udp, tcp or tls
             * @enum {string}
             */
            transport?: "udp" | "tcp" | "tls";
            /**
             * @description The account the platform registers with
             * @example acme-sip
             */
            username?: string;
            /**
             * @description Write-only: stored encrypted, never answered
             * @example s3cret-Passw0rd
             */
            password?: string;
            /**
             * @description E.164 shown to the called party; null: the carrier's default
             * @example +34912345678
             */
            caller_id?: string | null;
            /**
             * Format: int32
             * @description Simultaneous calls the trunk carries
             * @example 10
             */
            channels?: number;
        };
        /** @description A SIP trunk that was deleted. */
        DeletedSipTrunk: {
            /** Format: uuid */
            id: string;
            /** @enum {boolean} */
            deleted: true;
        };
        /**
         * @description The number's new name.
         * @example {
         *       "name": "Madrid sales line"
         *     }
         */
        RenameNumberInput: {
            /**
             * @description The number's new name, 1 to 100 characters
             * @example Madrid sales line
             */
            name: string;
        };
        /** @description The fields to change: an omitted field stays, null removes the text body. The result is parsed again as a whole. */
        UpdateEmailTemplateInput: {
            name?: string;
            subject?: string;
            body?: string;
            /** @description null removes the text body */
            text_body?: string | null;
        };
        /** @description A new name, new steps (replacing the old ones), or both. */
        UpdateSequenceInput: {
            name?: string;
            /** @description Replaces the steps */
            steps?: {
                /**
                 * Format: uuid
                 * @description An email template of the company
                 */
                template_id: string;
                /**
                 * Format: int32
                 * @description 0 to 365 days after the previous step
                 */
                delay_days: number;
            }[];
        };
        /** @description The fields to change, and optionally a new status. Allowed moves: draft -> scheduled or archived; scheduled -> draft or archived; sending -> paused; paused -> sending, completed or archived; completed -> archived. A completed or archived campaign cannot be edited. */
        UpdateCampaignInput: {
            name?: string;
            /**
             * Format: uuid
             * @description An agent of the company
             */
            agent_id?: string;
            /**
             * Format: uuid
             * @description An email template of the company; null removes it
             */
            template_id?: string | null;
            /**
             * Format: date-time
             * @description When the campaign is planned (in the future); null clears it
             */
            scheduled_at?: string | null;
            /**
             * @description Moves the campaign along the allowed transitions only
             * @enum {string}
             */
            status?: "draft" | "scheduled" | "sending" | "paused" | "completed" | "archived";
        };
        /** @description The key that replaces the calling key: same name, scopes and rate-limit window; the secret is shown once. */
        RotatedKey: {
            /** @description Id of the new key */
            key_id: string;
            /** @description The new key (`svc_<env>_<96 hex>`: its lineage, then 64 random). Shown only in this response; store it now. */
            api_key: string;
            name: string;
            /** @description The scopes of the key it replaces */
            scopes: string[];
            /** Format: date-time */
            created_at: string;
            /** @description Id of the key this one replaces, revoked by this call */
            replaces: string;
        };
        /** @description A page of a list's contacts, most recently added first: `data`, with the `limit` and `offset` applied. */
        ContactListMemberPage: {
            /** @description At most `limit` items */
            data: components["schemas"]["ContactListMember"][];
            /**
             * Format: int32
             * @description Page size applied
             */
            limit: number;
            /**
             * Format: int64
             * @description Row offset applied
             */
            offset: number;
        };
        /** @description A contact of a list, with when it joined the list. */
        ContactListMember: components["schemas"]["Contact"] & {
            /**
             * Format: date-time
             * @description When the contact joined the list
             */
            added_at: string;
        };
        /** @description What adding members did: how many joined, how many already were members, and the ids that are no contact of the company. */
        ContactListMembersAdded: {
            /**
             * Format: int32
             * @description Contacts that joined the list with this call
             */
            added: number;
            /**
             * Format: int32
             * @description Contacts that were already in the list (unchanged)
             */
            already_members: number;
            /** @description Ids that are not contacts of the key's company; nothing was stored for them */
            not_found: string[];
        };
        /** @description The contacts to add to, or remove from, a list. */
        ContactListMembershipInput: {
            /** @description 1 to 1000 contact ids; repeats count once */
            contact_ids: string[];
        };
        /** @description What removing members did: how many left, and the ids that were not in the list. */
        ContactListMembersRemoved: {
            /**
             * Format: int32
             * @description Contacts that left the list with this call
             */
            removed: number;
            /** @description Ids that were not in the list (unchanged) */
            not_members: string[];
        };
        /** @description A page of the agent's versions, newest first: `data`, with the `limit` and `offset` applied. */
        AgentVersionPage: {
            /** @description At most `limit` items */
            data: components["schemas"]["AgentVersion"][];
            /**
             * Format: int32
             * @description Page size applied
             */
            limit: number;
            /**
             * Format: int64
             * @description Row offset applied
             */
            offset: number;
        };
        /** @description A version of an agent, with its agent.yaml. */
        AgentVersion: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            agent_id: string;
            /**
             * Format: int32
             * @description 1, 2, ... per agent
             */
            number: number;
            /**
             * Format: int32
             * @description The version it was edited from; 0 for the first
             */
            base_version: number;
            /**
             * @description draft: not published; published: the agent's published version; superseded: published once, replaced since
             * @enum {string}
             */
            status: "draft" | "published" | "superseded";
            /**
             * @description template: the agent's first version, from its template; panel: made in the web panel; api: submitted through the API
             * @enum {string}
             */
            source: "template" | "panel" | "api";
            /** Format: date-time */
            created_at: string;
            /** @description The agent.yaml exactly as submitted */
            yaml: string;
        };
        /** @description An agent.yaml sent as JSON: the file's text in `yaml`. */
        AgentYamlUpload: {
            /**
             * @description An agent.yaml (YAML 1.2, UTF-8, at most 65536 bytes): base_version, name, language (BCP 47), voice (es-ES-elena, es-ES-alvaro, es-MX-camila, ca-ES-nuria, en-GB-olivia, en-GB-james, en-US-ava, en-US-noah, fr-FR-lea, de-DE-katja, it-IT-giulia, pt-PT-ines, multi-aria, multi-leo), greeting (1 to 1000 characters), prompt (1 to 16000), optional max_call_seconds (30 to 3600) and end_call_phrases (up to 20); no other keys.
             * @example base_version: 3
             *     name: Recepcionista
             *     language: es-ES
             *     voice: es-ES-elena
             *     greeting: Hola, gracias por llamar. ¿En qué puedo ayudarle?
             *     prompt: |
             *       Eres la recepcionista de la empresa.
             *     max_call_seconds: 600
             *     end_call_phrases:
             *       - adiós
             */
            yaml: string;
        };
        /** @description Whether the label was added, and the call as it is now. */
        AddCallLabelResult: {
            /** @description false when the call already carried the label (nothing changed) */
            added: boolean;
            call: components["schemas"]["Call"];
        };
        /**
         * @description The label to put on the call.
         * @example {
         *       "label_key": "interested"
         *     }
         */
        AddCallLabelInput: {
            /**
             * @description Key of a label of the company's catalogue (GET /call-labels)
             * @example interested
             */
            label_key: string;
        };
        /**
         * @description The team members to assign the call to, replacing the current ones.
         * @example {
         *       "member_ids": [
         *         "0d9f6a8e-7b1c-4e2a-9c3d-5f4e3b2a1c0d"
         *       ]
         *     }
         */
        AssignCallMembersInput: {
            /** @description The team members the call is assigned to (1 to 10, each active); they replace the current ones */
            member_ids: string[];
        };
        /** @description The ranked hits of a search in one knowledge base. */
        KnowledgeBaseSearchResult: {
            /** Format: uuid */
            kb_id: string;
            /** @description The query as received */
            query: string;
            /** @description The words searched, in order, each once (the last also as a prefix) */
            words: string[];
            /** @description Best first */
            hits: components["schemas"]["KnowledgeBaseSearchHit"][];
        };
        /** @description A document that matches, with its best passage highlighted. */
        KnowledgeBaseSearchHit: {
            /** Format: uuid */
            document_id: string;
            /** Format: uuid */
            collection_id: string;
            /** @example Top up your wallet */
            title: string;
            /**
             * @description The passage that best matches, as HTML: the document's text escaped, the matched words in `<mark>`, cuts marked …
             * @example …you can <mark>top</mark> <mark>up</mark> the <mark>wallet</mark> by card or bank transfer…
             */
            snippet: string;
            /** @description Where the document came from (a URL, a file) */
            source: string | null;
            /**
             * @description BM25 relevance (higher is better), comparable within one search only
             * @example 4.2137
             */
            score: number;
        };
        /** @description A full-text search in one knowledge base. */
        KnowledgeBaseSearchInput: {
            /**
             * @description What to look for, 1 to 500 characters of plain text: words are matched whatever their case and accents, the last also as the start of a word; no search syntax applies
             * @example top up the wallet
             */
            query: string;
            /**
             * Format: int32
             * @description Hits to answer, 1 to 20
             * @default 5
             */
            limit?: number;
            /**
             * Format: uuid
             * @description Only documents of this collection of the knowledge base
             */
            collection_id?: string;
        };
        /** @description What enrolling did: how many contacts joined, how many already were enrolled, and the ids not found. */
        EnrollResult: {
            /**
             * Format: int32
             * @description Contacts enrolled by this call
             */
            enrolled: number;
            /**
             * Format: int32
             * @description Contacts that were already enrolled (unchanged)
             */
            already_enrolled: number;
            /** @description Ids that are no contact (or, for list_id, no list) of the company; nothing was stored for them */
            not_found: string[];
        };
        /** @description Who to enroll: contact ids, or a contact list. */
        EnrollInput: {
            /** @description 1 to 1000 contact ids; repeats count once */
            contact_ids?: string[];
            /**
             * Format: uuid
             * @description A contact list of the company: its members are enrolled
             */
            list_id?: string;
        };
        /** @description A page of a campaign's attempts, newest first: `data`, with the `limit` and `offset` applied. */
        CampaignAttemptPage: {
            /** @description At most `limit` items */
            data: components["schemas"]["CampaignAttempt"][];
            /**
             * Format: int32
             * @description Page size applied
             */
            limit: number;
            /**
             * Format: int64
             * @description Row offset applied
             */
            offset: number;
        };
        /** @description One send of a campaign to one recipient, and its outcome. */
        CampaignAttempt: {
            /** Format: uuid */
            id: string;
            /**
             * Format: uuid
             * @description The dispatch that queued it: the id of its wallet charge
             */
            batch_id: string;
            /** Format: uuid */
            contact_id: string;
            /** Format: email */
            email: string;
            /** @description The subject as rendered for the contact */
            subject: string;
            /** @enum {string} */
            status: "queued" | "sent" | "failed";
            /** @description Why it failed; null unless failed */
            failure_reason: string | null;
            /** @description The provider's message id once sent */
            provider_message_id: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** Format: date-time */
            sent_at: string | null;
        };
        /** @description A page of a campaign's recipients: `data`, with the `limit` and `offset` applied. */
        CampaignEnrollmentPage: {
            /** @description At most `limit` items */
            data: components["schemas"]["CampaignEnrollment"][];
            /**
             * Format: int32
             * @description Page size applied
             */
            limit: number;
            /**
             * Format: int64
             * @description Row offset applied
             */
            offset: number;
        };
        /** @description A recipient of a campaign (each contact once). */
        CampaignEnrollment: {
            /** Format: uuid */
            contact_id: string;
            /**
             * Format: email
             * @description The address enrolled
             */
            email: string;
            /**
             * @description pending: not yet in a batch; queued: in a batch being sent; sent or failed: its attempt's outcome
             * @enum {string}
             */
            status: "pending" | "queued" | "sent" | "failed";
            /** Format: date-time */
            enrolled_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** @description A page of a campaign's audience lists: `data`, with the `limit` and `offset` applied. */
        CampaignAudiencePage: {
            /** @description At most `limit` items */
            data: components["schemas"]["CampaignAudienceList"][];
            /**
             * Format: int32
             * @description Page size applied
             */
            limit: number;
            /**
             * Format: int64
             * @description Row offset applied
             */
            offset: number;
        };
        /** @description A contact list in a campaign's audience. */
        CampaignAudienceList: {
            /** Format: uuid */
            list_id: string;
            name: string;
            /**
             * Format: int32
             * @description Contacts in the list now
             */
            member_count: number;
            /**
             * Format: date-time
             * @description When the list joined the audience
             */
            added_at: string;
        };
        /** @description What adding lists did. */
        CampaignAudienceAdded: {
            /**
             * Format: int32
             * @description Lists added to the audience by this call
             */
            added: number;
            /**
             * Format: int32
             * @description Lists that already were in it (unchanged)
             */
            already_in_audience: number;
            /** @description Ids that are no contact list of the company; never stored */
            not_found: string[];
        };
        /** @description Contact lists to add to, or remove from, the campaign's audience. */
        CampaignAudienceInput: {
            /** @description 1 to 100 contact list ids; repeats count once */
            list_ids: string[];
        };
        /** @description What removing lists did (the lists themselves are untouched). */
        CampaignAudienceRemoved: {
            /**
             * Format: int32
             * @description Lists removed from the audience by this call
             */
            removed: number;
            /** @description Lists of the company that were not in the audience (unchanged) */
            not_in_audience: string[];
            /** @description Ids that are no contact list of the company */
            not_found: string[];
        };
        /** @description The batch a dispatch queued, what it cost, and the campaign after it. */
        CampaignDispatch: {
            campaign: components["schemas"]["Campaign"];
            batch: {
                /**
                 * Format: uuid
                 * @description The batch's id: its attempts' batch_id and its wallet charge
                 */
                id: string;
                /**
                 * Format: int32
                 * @description Attempts queued by this dispatch
                 */
                recipients: number;
                /**
                 * Format: int64
                 * @description What the batch cost, in minor units
                 */
                amount_minor: number;
                /**
                 * @description ISO 4217
                 * @example EUR
                 */
                currency: string;
                /**
                 * Format: int64
                 * @description The email rate applied, per recipient
                 */
                unit_price_minor: number;
                /**
                 * Format: int32
                 * @description Enrolled recipients still waiting for a batch
                 */
                remaining: number;
            };
        };
        /** @description The size of the batch to send (`{}` for the default). */
        DispatchCampaignInput: {
            /**
             * Format: int32
             * @description Recipients in this batch, 1 to 500 (default 100)
             * @default 100
             */
            batch_size?: number;
        };
        /** @description The folders of a mailbox, all at once (a folder tree is small), in display order. */
        MailboxFolderList: {
            /** @description Every folder of the mailbox, in display order */
            data: components["schemas"]["MailboxFolder"][];
        };
        /** @description A folder of a mailbox with its counters. */
        MailboxFolder: {
            /** Format: uuid */
            id: string;
            /** @example Inbox */
            name: string;
            /**
             * @description What the folder is for; custom for the company's own folders
             * @enum {string}
             */
            role: "inbox" | "sent" | "drafts" | "archive" | "trash" | "junk" | "custom";
            /**
             * Format: int32
             * @description Messages in the folder
             * @example 42
             */
            total: number;
            /**
             * Format: int32
             * @description Unread messages in the folder
             * @example 3
             */
            unread: number;
        };
        /** @description A page of a mailbox's messages, newest first: `data`, with the `limit` and `offset` applied. */
        MailboxMessagePage: {
            /** @description At most `limit` items */
            data: components["schemas"]["MailboxMessageSummary"][];
            /**
             * Format: int32
             * @description Page size applied
             */
            limit: number;
            /**
             * Format: int64
             * @description Row offset applied
             */
            offset: number;
        };
        /** @description A message of a mailbox, without its body. */
        MailboxMessageSummary: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            mailbox_id: string;
            /**
             * Format: uuid
             * @description Its folder; null in a forwarding mailbox
             */
            folder_id: string | null;
            /**
             * Format: uuid
             * @description Its conversation (thread); null in a forwarding mailbox
             */
            conversation_id: string | null;
            /** @description The sender */
            from: {
                /** Format: email */
                address: string;
                name: string | null;
            };
            /** @description Recipients' addresses */
            to: string[];
            cc: string[];
            /** @example Presupuesto cocina */
            subject: string;
            /** @description The first words of the text */
            snippet: string;
            read: boolean;
            /** Format: int32 */
            attachment_count: number;
            /** Format: date-time */
            received_at: string;
        };
        /** @description A page of a conversation's messages, newest first: `data`, and `page` to read the next one. */
        WhatsAppMessagePage: {
            /** @description At most `limit` items */
            data: components["schemas"]["WhatsAppMessage"][];
            page: {
                /** @description Whether another page follows (read as one extra row) */
                has_more: boolean;
                /** @description Pass as cursor to read the next page; null on the last page */
                next_cursor: string | null;
            };
        };
        /** @description A reply to the contact, or an internal note. */
        ConversationReplyInput: {
            /**
             * @description text: sent to the contact (202, queued); note: an internal note of the team, never sent (200)
             * @default text
             * @enum {string}
             */
            type?: "text" | "note";
            text: string;
        };
        /** @description A subaccount's white-label branding, and the DNS record that verifies its custom domain. */
        Branding: {
            /** Format: uuid */
            subaccount_id: string;
            /**
             * @description The brand name its users see; null: the platform's
             * @example Sonrisa Voice
             */
            company_name: string | null;
            /**
             * @description #RRGGBB
             * @example #1A73E8
             */
            primary_color: string | null;
            /**
             * Format: uri
             * @example https://cdn.sonrisa.example/logo.svg
             */
            logo_url: string | null;
            /**
             * @description The subaccount's own host name
             * @example app.sonrisa.example
             */
            custom_domain: string | null;
            /** @description Read-only: set by verify-domain, reset whenever custom_domain changes */
            custom_domain_verified: boolean;
            /** Format: date-time */
            custom_domain_verified_at: string | null;
            dns_record: components["schemas"]["DomainVerificationRecord"] | null;
            /**
             * Format: date-time
             * @description Last branding change; null when never branded
             */
            updated_at: string | null;
        };
        /** @description The TXT record to publish for custom_domain; null without one */
        DomainVerificationRecord: {
            /** @enum {string} */
            type: "TXT";
            /** @example _svc-verify.app.sonrisa.example */
            host: string;
            /** @example svc-verify=5f0c7a9e-2b1d-4c3e-8f6a-7b8c9d0e1f2a */
            value: string;
        };
        /** @description Branding fields to change; omitted fields stay. custom_domain_verified is read-only (sending it is 400). */
        UpdateBrandingInput: {
            /**
             * @description 1 to 100 characters; null removes it
             * @example Sonrisa Voice
             */
            company_name?: string | null;
            /**
             * @description #RRGGBB (stored in upper case); null removes it
             * @example #1A73E8
             */
            primary_color?: string | null;
            /**
             * Format: uri
             * @description An https URL; null removes it
             */
            logo_url?: string | null;
            /**
             * @description A host name (stored in lower case, without a trailing dot); changing it resets the verification; null removes it
             * @example app.sonrisa.example
             */
            custom_domain?: string | null;
        };
        /** @description A subaccount's packaging gates: sign-up, and what it can buy. */
        Packaging: {
            /** Format: uuid */
            subaccount_id: string;
            /** @description Whether the subaccount admits new sign-ups (default false) */
            allow_signup: boolean;
            /** @description Whether the subaccount's users are shown no plans to buy (default false) */
            hide_plans: boolean;
            /** @description Whether the subaccount's users are shown no add-ons to buy (default false) */
            hide_addons: boolean;
            /**
             * Format: date-time
             * @description Last change; null while the defaults apply
             */
            updated_at: string | null;
        };
        /** @description Packaging gates to change; omitted gates stay. */
        UpdatePackagingInput: {
            allow_signup?: boolean;
            hide_plans?: boolean;
            hide_addons?: boolean;
        };
        /** @description The outcome of checking the custom domain's TXT record over DNS. */
        DomainVerification: {
            /** @example app.sonrisa.example */
            custom_domain: string;
            /** @description Whether the domain is verified after this check */
            verified: boolean;
            /** Format: date-time */
            verified_at: string | null;
            dns_record: components["schemas"]["DomainVerificationRecord"] & unknown;
            /**
             * @description record_found: the exact TXT value is published. no_record: the name has no TXT record. other_value: it has TXT records, none with the value. resolver_failed: the DNS resolver could not answer (try again later). domain_changed: custom_domain changed while it was checked.
             * @enum {string}
             */
            result: "record_found" | "no_record" | "other_value" | "resolver_failed" | "domain_changed";
            /** @description Why the domain was not verified now; null when it was */
            reason: string | null;
            /** Format: date-time */
            checked_at: string;
        };
        /** @description A message of a mailbox with its body and its attachments' metadata. */
        MailboxMessage: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            mailbox_id: string;
            /**
             * Format: uuid
             * @description Its folder; null in a forwarding mailbox
             */
            folder_id: string | null;
            /**
             * Format: uuid
             * @description Its conversation (thread); null in a forwarding mailbox
             */
            conversation_id: string | null;
            /** @description The sender */
            from: {
                /** Format: email */
                address: string;
                name: string | null;
            };
            /** @description Recipients' addresses */
            to: string[];
            cc: string[];
            /** @example Presupuesto cocina */
            subject: string;
            /** @description The first words of the text */
            snippet: string;
            read: boolean;
            /** Format: int32 */
            attachment_count: number;
            /** Format: date-time */
            received_at: string;
            /** @description The plain-text body */
            body_text: string;
            /** @description The HTML body, when the message has one */
            body_html: string | null;
            attachments: components["schemas"]["MailboxAttachment"][];
        };
        /** @description An attachment of a message: its name, type and size. */
        MailboxAttachment: {
            /** Format: uuid */
            id: string;
            /** @example presupuesto-cocina.pdf */
            file_name: string;
            /** @example application/pdf */
            content_type: string;
            /**
             * Format: int64
             * @description Bytes
             * @example 48213
             */
            size: number;
            /** @description Whether its content can be downloaded (at most 15728640 bytes, 15 MiB; above it the download is 413) */
            downloadable: boolean;
        };
        /** @description A full thread: every message of one conversation, oldest first. */
        MailboxConversation: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            mailbox_id: string;
            subject: string;
            /** Format: int32 */
            message_count: number;
            /** Format: date-time */
            last_message_at: string;
            /** @description Every message of the thread, oldest first, with bodies */
            messages: components["schemas"]["MailboxMessage"][];
        };
        /** @description A page of a message's attachments: `data`, with the `limit` and `offset` applied. */
        MailboxAttachmentPage: {
            /** @description At most `limit` items */
            data: components["schemas"]["MailboxAttachment"][];
            /**
             * Format: int32
             * @description Page size applied
             */
            limit: number;
            /**
             * Format: int64
             * @description Row offset applied
             */
            offset: number;
        };
        /** @description An attachment's content, base64-encoded, with its name, type and size. */
        MailboxAttachmentContent: {
            /** Format: uuid */
            id: string;
            /** @example presupuesto-cocina.pdf */
            file_name: string;
            /** @example application/pdf */
            content_type: string;
            /**
             * Format: int64
             * @description Bytes (before base64)
             * @example 48213
             */
            size: number;
            /**
             * Format: byte
             * @description The content, base64-encoded (RFC 4648)
             */
            content_base64: string;
        };
    };
    responses: {
        /** @description Any method a path does not have answers 405 with the problem type `method_not_allowed` and an `Allow` header naming the methods it has. It applies to every path and is declared once, here, rather than under each operation. */
        MethodNotAllowed: {
            headers: {
                Allow: components["headers"]["Allow"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description A problem (RFC 9457) of type `validation_error`, `fiscal_document_type`. */
        Problem400: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description A problem (RFC 9457) of type `unauthorized`. */
        Problem401: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description A problem (RFC 9457) of type `insufficient_scope`, `capability_required`, `spend_not_enabled`. */
        Problem403: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description A problem (RFC 9457) of type `not_found`. */
        Problem404: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description A problem (RFC 9457) of type `rate_limited`. */
        Problem429: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description A problem (RFC 9457) of type `internal_error`. */
        Problem500: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description A problem (RFC 9457) of type `validation_error`, `invalid_json`, `incomplete_body`, `fiscal_document_type`, `idempotency_key_required`, `idempotency_key_invalid`, `idempotency_key_reused`. */
        Problem400OnWrite: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description A problem (RFC 9457) of type `unauthorized`. */
        Problem401OnWrite: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description A problem (RFC 9457) of type `insufficient_scope`, `capability_required`, `spend_not_enabled`. */
        Problem403OnWrite: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description A problem (RFC 9457) of type `not_found`. */
        Problem404OnWrite: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description A problem (RFC 9457) of type `conflict`, `insufficient_balance`, `version_conflict`, `payment_declined`, `idempotency_key_in_use`. */
        Problem409OnWrite: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description A problem (RFC 9457) of type `payload_too_large`, `attachment_too_large`. */
        Problem413OnWrite: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description A problem (RFC 9457) of type `rate_limited`. */
        Problem429OnWrite: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description A problem (RFC 9457) of type `internal_error`. */
        Problem500OnWrite: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description A problem (RFC 9457) of type `provider_unavailable`, `integration_not_configured`. */
        Problem503: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description A problem (RFC 9457) of type `provider_unavailable`, `integration_not_configured`. */
        Problem503OnWrite: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description A problem (RFC 9457) of type `upstream_error`. */
        Problem502: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description A problem (RFC 9457) of type `insufficient_funds`. */
        Problem402OnWrite: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description A problem (RFC 9457) of type `upstream_error`. */
        Problem502OnWrite: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description A problem (RFC 9457) of type `unprocessable`. */
        Problem422OnWrite: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description A problem (RFC 9457) of type `gone`. */
        Problem410OnWrite: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description A problem (RFC 9457) of type `not_implemented`. */
        Problem501: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description A problem (RFC 9457) of type `attachment_too_large`. */
        Problem413: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
    };
    parameters: {
        /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
        IdempotencyKey: string;
        /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
        D1Bookmark: string;
        /** @description Required on spending operations (gate S): without it the answer is 400 `idempotency_key_required`. Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
        IdempotencyKeyRequired: string;
    };
    requestBodies: never;
    headers: {
        /** @description The request's id: the `X-Request-Id` the client sent (1 to 128 visible ASCII characters), else a new UUID. Problems repeat it as `request_id`. */
        "X-Request-Id": string;
        /** @description Always `no-store`. */
        "Cache-Control": "no-store";
        /** @description Always `nosniff`. */
        "X-Content-Type-Options": "nosniff";
        /** @description What is left of the key's quota: `"default";r=<remaining>;t=<seconds>`, the requests left in the rolling window and the seconds until a slot frees. Sent on every response to a request that presented a valid key (not on 401, nor on the 404 of a switched-off operation). */
        RateLimit: string;
        /** @description The key's quota: `"default";q=<requests>;w=<seconds>`. Sent with `RateLimit`. */
        "RateLimit-Policy": string;
        /** @description Seconds until the key may send a request again. */
        "Retry-After": number;
        /** @description `Bearer realm="api"`, with `error="invalid_token"` when a key was sent but is unknown, revoked or of the other environment. */
        "WWW-Authenticate": string;
        /** @description The methods the path has, for example `GET, HEAD, POST`. */
        Allow: string;
        /** @description The database session's bookmark after this request: send it back as the `X-D1-Bookmark` request header and that request reads data at least as new as this response (your own writes included), from whichever read replica serves it. Without it a read may be served by a replica a moment behind the latest write. */
        "X-D1-Bookmark": string;
        /** @description `true` on the stored response of an earlier request with the same `Idempotency-Key` (kept for 24 h), sent again instead of doing the write twice. */
        "Idempotent-Replayed": "true";
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listClients: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description Zero-based row offset, at least 0 (negative values are clamped); a value that is not a number means 0. */
                offset?: number;
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of clients */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
                     *           "name": "Acme SL",
                     *           "cif": "B12345678",
                     *           "email": "billing@acme.example",
                     *           "phone": "+34612345678",
                     *           "address": "Calle Mayor 1",
                     *           "location": "Madrid",
                     *           "province": "Madrid",
                     *           "country": "ES",
                     *           "postal_code": "28013",
                     *           "representative": "Lucía García",
                     *           "created_at": "2026-03-02T09:00:00.000Z",
                     *           "updated_at": "2026-03-02T09:00:00.000Z"
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "offset": 0
                     *     }
                     */
                    "application/json": components["schemas"]["ClientPage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    listBudgets: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description Zero-based row offset, at least 0 (negative values are clamped); a value that is not a number means 0. */
                offset?: number;
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of budgets */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "5b0f3a1e-2c4d-4e8f-9a6b-7c8d9e0f1a2b",
                     *           "budget_number": "B-2026-0001",
                     *           "document_type": "budget",
                     *           "status": "draft",
                     *           "payment_status": "unpaid",
                     *           "date": "2026-04-26",
                     *           "validity": "30 days",
                     *           "client_name": "Acme SL",
                     *           "client_email": "billing@acme.example",
                     *           "client_phone": "+34612345678",
                     *           "document_currency": "EUR",
                     *           "subtotal": 1362,
                     *           "iva_amount": 286.02,
                     *           "total": 1648.02,
                     *           "created_at": "2026-04-26T10:15:30.000Z",
                     *           "updated_at": "2026-04-26T10:15:30.000Z"
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "offset": 0
                     *     }
                     */
                    "application/json": components["schemas"]["BudgetPage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    createBudget: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "client_name": "Acme SL",
                 *       "client_email": "billing@acme.example",
                 *       "items": [
                 *         {
                 *           "concept": "Website redesign",
                 *           "units": 1,
                 *           "unit_price": 1200,
                 *           "iva_rate": 21
                 *         },
                 *         {
                 *           "concept": "Hosting",
                 *           "units": 12,
                 *           "unit_price": 15,
                 *           "unit_type": "month",
                 *           "discount_type": "percentage",
                 *           "discount_value": 10
                 *         }
                 *       ],
                 *       "notes": "Valid for 30 days.",
                 *       "document_currency": "EUR"
                 *     }
                 */
                "application/json": components["schemas"]["CreateBudgetInput"];
            };
        };
        responses: {
            /** @description The created draft budget */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "5b0f3a1e-2c4d-4e8f-9a6b-7c8d9e0f1a2b",
                     *       "budget_number": "B-2026-0001",
                     *       "status": "draft",
                     *       "document_type": "budget",
                     *       "subtotal": 1362,
                     *       "iva_amount": 286.02,
                     *       "total": 1648.02,
                     *       "document_currency": "EUR",
                     *       "created_at": "2026-04-26T10:15:30.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["CreatedBudget"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
        };
    };
    listInvoices: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description Zero-based row offset, at least 0 (negative values are clamped); a value that is not a number means 0. */
                offset?: number;
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of invoices */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d",
                     *           "budget_number": "F-2026-0042",
                     *           "document_type": "invoice",
                     *           "status": "issued",
                     *           "payment_status": "paid",
                     *           "paid_at": "2026-04-20T12:00:00.000Z",
                     *           "date": "2026-04-01",
                     *           "client_name": "Acme SL",
                     *           "client_email": "billing@acme.example",
                     *           "document_currency": "EUR",
                     *           "subtotal": 1000,
                     *           "iva_amount": 210,
                     *           "total": 1210,
                     *           "created_at": "2026-04-01T08:30:00.000Z",
                     *           "updated_at": "2026-04-20T12:00:00.000Z"
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "offset": 0
                     *     }
                     */
                    "application/json": components["schemas"]["InvoicePage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    listAuditLog: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description Zero-based row offset, at least 0 (negative values are clamped); a value that is not a number means 0. */
                offset?: number;
                /** @description Only entries about this resource type */
                resource_type?: string;
                /** @description Entries at or after this instant (ISO 8601) */
                since?: string;
                /** @description Entries before this instant (ISO 8601) */
                until?: string;
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of audit entries */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b",
                     *           "key_id": "key_3f0c9a7e5b2d4c18a6e0f1b2c3d4e5f6",
                     *           "operation": "createBudget",
                     *           "method": "POST",
                     *           "path": "/api/v1/budgets",
                     *           "resource_type": "budget",
                     *           "resource_id": "5b0f3a1e-2c4d-4e8f-9a6b-7c8d9e0f1a2b",
                     *           "request_id": "3b1f0c2e-6a53-4c7e-9d0b-2f4a8c1e7d55",
                     *           "created_at": "2026-04-26T10:15:30.000Z"
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "offset": 0
                     *     }
                     */
                    "application/json": components["schemas"]["AuditPage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    listContacts: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description Zero-based row offset, at least 0 (negative values are clamped); a value that is not a number means 0. */
                offset?: number;
                /** @description Only the contact with this phone (any notation; compared in E.164) */
                phone?: string;
                /** @description Only the contact with this email (case-insensitive) */
                email?: string;
                /** @description Only contacts carrying this tag */
                tag?: string;
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of contacts */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "2f4e6a8c-0b1d-4e3f-9a5b-7c9d1e3f5a7b",
                     *           "name": "Lucía García",
                     *           "first_name": "Lucía",
                     *           "last_name": "García",
                     *           "phone": "+34612345678",
                     *           "email": "lucia@acme.example",
                     *           "company": "Acme SL",
                     *           "tags": [
                     *             "lead",
                     *             "madrid"
                     *           ],
                     *           "notes": "Prefers calls in the morning.",
                     *           "custom_fields": {
                     *             "plan": "pro",
                     *             "seats": 12,
                     *             "newsletter": true
                     *           },
                     *           "source": "api",
                     *           "created_at": "2026-04-26T10:15:30.000Z",
                     *           "updated_at": "2026-04-26T10:15:30.000Z"
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "offset": 0
                     *     }
                     */
                    "application/json": components["schemas"]["ContactPage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    createContact: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "first_name": "Lucía",
                 *       "last_name": "García",
                 *       "phone": "+34 612 345 678",
                 *       "email": "Lucia@Acme.example",
                 *       "company": "Acme SL",
                 *       "tags": [
                 *         "lead",
                 *         "madrid"
                 *       ],
                 *       "notes": "Prefers calls in the morning.",
                 *       "custom_fields": {
                 *         "plan": "pro",
                 *         "seats": 12,
                 *         "newsletter": true
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CreateContactInput"];
            };
        };
        responses: {
            /** @description The created contact */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "2f4e6a8c-0b1d-4e3f-9a5b-7c9d1e3f5a7b",
                     *       "name": "Lucía García",
                     *       "first_name": "Lucía",
                     *       "last_name": "García",
                     *       "phone": "+34612345678",
                     *       "email": "lucia@acme.example",
                     *       "company": "Acme SL",
                     *       "tags": [
                     *         "lead",
                     *         "madrid"
                     *       ],
                     *       "notes": "Prefers calls in the morning.",
                     *       "custom_fields": {
                     *         "plan": "pro",
                     *         "seats": 12,
                     *         "newsletter": true
                     *       },
                     *       "source": "api",
                     *       "created_at": "2026-04-26T10:15:30.000Z",
                     *       "updated_at": "2026-04-26T10:15:30.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Contact"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
        };
    };
    listContactLists: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description Zero-based row offset, at least 0 (negative values are clamped); a value that is not a number means 0. */
                offset?: number;
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of contact lists */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "4a6c8e0b-2d4f-4a6c-8e0b-2d4f6a8c0e2b",
                     *           "name": "Spring campaign",
                     *           "description": "Leads from the March fair",
                     *           "member_count": 42,
                     *           "created_at": "2026-03-20T09:00:00.000Z",
                     *           "updated_at": "2026-04-26T10:15:30.000Z"
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "offset": 0
                     *     }
                     */
                    "application/json": components["schemas"]["ContactListPage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    createContactList: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Spring campaign",
                 *       "description": "Leads from the March fair"
                 *     }
                 */
                "application/json": components["schemas"]["CreateContactListInput"];
            };
        };
        responses: {
            /** @description The created list */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "4a6c8e0b-2d4f-4a6c-8e0b-2d4f6a8c0e2b",
                     *       "name": "Spring campaign",
                     *       "description": "Leads from the March fair",
                     *       "member_count": 0,
                     *       "created_at": "2026-03-20T09:00:00.000Z",
                     *       "updated_at": "2026-04-26T10:15:30.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ContactList"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
        };
    };
    listTeamMembers: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description Zero-based row offset, at least 0 (negative values are clamped); a value that is not a number means 0. */
                offset?: number;
                /** @description Only members in this status */
                status?: "active" | "suspended";
                /** @description Only members with this role */
                role_id?: string;
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of team members */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "8f0a2c4e-6b8d-4f0a-9c4e-6b8d0f2a4c6e",
                     *           "name": "Lucía García",
                     *           "email": "lucia@acme.example",
                     *           "handle": "lucia.garcia",
                     *           "role": {
                     *             "id": "1b3d5f7a-9c1e-4b3d-8f5a-7c9e1b3d5f7a",
                     *             "name": "Supervisor"
                     *           },
                     *           "status": "active",
                     *           "last_active_at": "2026-04-26T09:58:00.000Z",
                     *           "created_at": "2026-01-12T08:00:00.000Z"
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "offset": 0
                     *     }
                     */
                    "application/json": components["schemas"]["TeamMemberPage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
            503: components["responses"]["Problem503"];
        };
    };
    listAnnouncements: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description Zero-based row offset, at least 0 (negative values are clamped); a value that is not a number means 0. */
                offset?: number;
                /** @description Only announcements of this category (another value is 400) */
                category?: "news" | "feature" | "maintenance" | "incident" | "billing";
                /** @description Only announcements published at or after this instant (ISO 8601; an invalid one is 400) */
                since?: string;
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of announcements */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "c1e3a5b7-9d1f-4e3a-8b7d-9f1e3a5c7b9d",
                     *           "category": "maintenance",
                     *           "title": "Planned maintenance of the telephony network",
                     *           "body": "On Sunday from 02:00 to 04:00 UTC calls may drop for a few seconds.",
                     *           "published_at": "2026-04-24T16:00:00.000Z"
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "offset": 0
                     *     }
                     */
                    "application/json": components["schemas"]["AnnouncementPage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    listAlerts: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description Zero-based row offset, at least 0 (negative values are clamped); a value that is not a number means 0. */
                offset?: number;
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of alerts with their state */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "0b7c6a52-3f7e-4a8e-9f0e-2d9c1c0f4b11",
                     *           "kind": "spend",
                     *           "period": "month",
                     *           "threshold": 500,
                     *           "currency": "EUR",
                     *           "enabled": true,
                     *           "current": 512.4,
                     *           "period_start": "2026-04-01T00:00:00.000Z",
                     *           "period_end": "2026-05-01T00:00:00.000Z",
                     *           "triggered": true,
                     *           "status": "triggered",
                     *           "silenced_until": null,
                     *           "dismissed": false,
                     *           "dismissed_at": null,
                     *           "created_at": "2026-02-10T09:00:00.000Z",
                     *           "updated_at": "2026-04-20T09:00:00.000Z"
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "offset": 0
                     *     }
                     */
                    "application/json": components["schemas"]["AlertPage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    updateAlert: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "alert_id": "0b7c6a52-3f7e-4a8e-9f0e-2d9c1c0f4b11",
                 *       "threshold": 750
                 *     }
                 */
                "application/json": components["schemas"]["UpdateAlertInput"];
            };
        };
        responses: {
            /** @description The alert after the change */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0b7c6a52-3f7e-4a8e-9f0e-2d9c1c0f4b11",
                     *       "kind": "spend",
                     *       "period": "month",
                     *       "threshold": 750,
                     *       "currency": "EUR",
                     *       "enabled": true,
                     *       "current": 512.4,
                     *       "period_start": "2026-04-01T00:00:00.000Z",
                     *       "period_end": "2026-05-01T00:00:00.000Z",
                     *       "triggered": false,
                     *       "status": "ok",
                     *       "silenced_until": null,
                     *       "dismissed": false,
                     *       "dismissed_at": null,
                     *       "created_at": "2026-02-10T09:00:00.000Z",
                     *       "updated_at": "2026-04-26T10:15:30.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Alert"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
        };
    };
    listAgents: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description Zero-based row offset, at least 0 (negative values are clamped); a value that is not a number means 0. */
                offset?: number;
                /** @description Only agents in this status */
                status?: "draft" | "active" | "paused";
                /** @description Only agents speaking this language (BCP 47, any case) */
                language?: string;
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of agents */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "9a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
                     *           "name": "Recepcionista",
                     *           "language": "es-ES",
                     *           "voice": "es-ES-elena",
                     *           "greeting": "Hola, gracias por llamar. ¿En qué puedo ayudarle?",
                     *           "prompt": "Eres la recepcionista de la empresa.",
                     *           "status": "active",
                     *           "template_id": "receptionist-es",
                     *           "latest_version": 4,
                     *           "published_version": 3,
                     *           "created_at": "2026-01-15T09:00:00.000Z",
                     *           "updated_at": "2026-04-26T10:15:30.000Z"
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "offset": 0
                     *     }
                     */
                    "application/json": components["schemas"]["AgentPage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    listCallLabels: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description Zero-based row offset, at least 0 (negative values are clamped); a value that is not a number means 0. */
                offset?: number;
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of labels */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "6e7f8a9b-0c1d-4e2f-8a3b-4c5d6e7f8a9b",
                     *           "key": "interested",
                     *           "name": "Interested",
                     *           "description": "Wants an offer",
                     *           "color": "#2e7d32",
                     *           "created_at": "2026-01-05T08:00:00.000Z"
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "offset": 0
                     *     }
                     */
                    "application/json": components["schemas"]["CallLabelPage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    listCalls: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description Zero-based row offset, at least 0 (negative values are clamped); a value that is not a number means 0. */
                offset?: number;
                /** @description First day of the period (YYYY-MM-DD, in the company's time zone; included) */
                start_date?: string;
                /** @description Last day of the period (YYYY-MM-DD, in the company's time zone; included) */
                end_date?: string;
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of calls and the period's totals */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "5b0e8f8e-3c1a-4d55-9a53-0f6a2c1d7e42",
                     *           "direction": "inbound",
                     *           "from": "+34612345678",
                     *           "to": "+34912345678",
                     *           "agent_id": "9a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
                     *           "status": "completed",
                     *           "result": "answered",
                     *           "started_at": "2026-04-26T09:30:00.000Z",
                     *           "ended_at": "2026-04-26T09:34:12.000Z",
                     *           "duration_seconds": 252,
                     *           "cost": 0.42,
                     *           "currency": "EUR",
                     *           "labels": [
                     *             {
                     *               "key": "interested",
                     *               "name": "Interested"
                     *             }
                     *           ],
                     *           "members": [
                     *             {
                     *               "member_id": "0d9f6a8e-7b1c-4e2a-9c3d-5f4e3b2a1c0d",
                     *               "assigned_at": "2026-04-26T09:40:00.000Z"
                     *             }
                     *           ],
                     *           "qualification": {
                     *             "verdict": "qualified",
                     *             "score": 87,
                     *             "reason": "Asked for a quote for a kitchen renovation this month.",
                     *             "qualified_at": "2026-04-26T09:35:00.000Z"
                     *           },
                     *           "summary": "The caller wants a quote for a kitchen renovation; visit proposed for Tuesday.",
                     *           "archived": false
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "offset": 0,
                     *       "aggregates": {
                     *         "start_date": "2026-04-01",
                     *         "end_date": "2026-04-30",
                     *         "time_zone": "Europe/Madrid",
                     *         "count": 214,
                     *         "total_duration_seconds": 40312,
                     *         "total_cost": 61.7,
                     *         "currency": "EUR",
                     *         "by_result": {
                     *           "answered": 168,
                     *           "no_answer": 21,
                     *           "busy": 6,
                     *           "failed": 3,
                     *           "voicemail": 12,
                     *           "cancelled": 4
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CallPage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    listQualifications: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description Zero-based row offset, at least 0 (negative values are clamped); a value that is not a number means 0. */
                offset?: number;
                /** @description First day of the period (YYYY-MM-DD, in the company's time zone; included) */
                start_date?: string;
                /** @description Last day of the period (YYYY-MM-DD, in the company's time zone; included) */
                end_date?: string;
                /** @description Only verdicts of this kind */
                verdict?: "qualified" | "not_qualified" | "follow_up";
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of verdicts */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "7f8a9b0c-1d2e-4f3a-9b4c-5d6e7f8a9b0c",
                     *           "call_id": "5b0e8f8e-3c1a-4d55-9a53-0f6a2c1d7e42",
                     *           "verdict": "qualified",
                     *           "score": 87,
                     *           "reason": "Asked for a quote for a kitchen renovation this month.",
                     *           "qualified_at": "2026-04-26T09:35:00.000Z"
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "offset": 0
                     *     }
                     */
                    "application/json": components["schemas"]["CallQualificationPage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    listSipTrunks: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description Zero-based row offset, at least 0 (negative values are clamped); a value that is not a number means 0. */
                offset?: number;
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of SIP trunks */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b",
                     *           "name": "Main carrier",
                     *           "host": "sip.carrier.example",
                     *           "port": 5060,
                     *           "transport": "udp",
                     *           "username": "acme-sip",
                     *           "password_set": true,
                     *           "caller_id": "+34912345678",
                     *           "channels": 10,
                     *           "monthly_price": 15,
                     *           "currency": "EUR",
                     *           "numbers": 1,
                     *           "created_at": "2026-04-01T09:00:00.000Z",
                     *           "updated_at": "2026-04-01T09:00:00.000Z"
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "offset": 0
                     *     }
                     */
                    "application/json": components["schemas"]["SipTrunkPage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    createSipTrunk: {
        parameters: {
            query?: never;
            header: {
                /** @description Required on spending operations (gate S): without it the answer is 400 `idempotency_key_required`. Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key": components["parameters"]["IdempotencyKeyRequired"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Main carrier",
                 *       "host": "sip.carrier.example",
                 *       "port": 5060,
                 *       "transport": "udp",
                 *       "username": "acme-sip",
                 *       "password": "s3cret-Passw0rd",
                 *       "caller_id": "+34912345678",
                 *       "channels": 10
                 *     }
                 */
                "application/json": components["schemas"]["CreateSipTrunkInput"];
            };
        };
        responses: {
            /** @description The trunk, without its password */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b",
                     *       "name": "Main carrier",
                     *       "host": "sip.carrier.example",
                     *       "port": 5060,
                     *       "transport": "udp",
                     *       "username": "acme-sip",
                     *       "password_set": true,
                     *       "caller_id": "+34912345678",
                     *       "channels": 10,
                     *       "monthly_price": 15,
                     *       "currency": "EUR",
                     *       "numbers": 1,
                     *       "created_at": "2026-04-01T09:00:00.000Z",
                     *       "updated_at": "2026-04-01T09:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["SipTrunk"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
            503: components["responses"]["Problem503OnWrite"];
        };
    };
    listNumbers: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description Zero-based row offset, at least 0 (negative values are clamped); a value that is not a number means 0. */
                offset?: number;
                /** @description Only numbers of this country */
                country?: string;
                /** @description Only numbers with this capability */
                capability?: "voice" | "sms" | "whatsapp";
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of numbers */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "8a3c2d1e-5f60-4b7a-9c8d-0e1f2a3b4c5d",
                     *           "number": "+34910123456",
                     *           "name": "Madrid sales line",
                     *           "country": "ES",
                     *           "capabilities": [
                     *             "voice",
                     *             "sms",
                     *             "whatsapp"
                     *           ],
                     *           "agent_id": "9a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
                     *           "created_at": "2026-01-10T08:00:00.000Z",
                     *           "updated_at": "2026-04-26T10:15:30.000Z"
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "offset": 0
                     *     }
                     */
                    "application/json": components["schemas"]["PhoneNumberPage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    listRates: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description Zero-based row offset, at least 0 (negative values are clamped); a value that is not a number means 0. */
                offset?: number;
                /** @description Only rates of this destination country */
                country?: string;
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of sale rates */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e",
                     *           "prefix": "34",
                     *           "country": "ES",
                     *           "destination": "Spain mobile",
                     *           "price_per_minute": 0.027,
                     *           "currency": "EUR",
                     *           "minimum_seconds": 60,
                     *           "billing_increment_seconds": 60,
                     *           "updated_at": "2026-03-01T00:00:00.000Z"
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "offset": 0
                     *     }
                     */
                    "application/json": components["schemas"]["SaleRatePage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    listBookings: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description Zero-based row offset, at least 0 (negative values are clamped); a value that is not a number means 0. */
                offset?: number;
                /** @description First day of starts_at (YYYY-MM-DD in the calendar's zone; included) */
                start_date?: string;
                /** @description Last day of starts_at (included) */
                end_date?: string;
                /** @description Only bookings in this status */
                status?: "confirmed" | "completed" | "no_show" | "cancelled";
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of bookings */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "3c9d1e2f-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
                     *           "title": "Kitchen renovation visit",
                     *           "contact": {
                     *             "id": "5b0e8f8e-3c1a-4d55-9a53-0f6a2c1d7e42",
                     *             "name": "Lucía García"
                     *           },
                     *           "agent": {
                     *             "id": "9a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
                     *             "name": "Reception"
                     *           },
                     *           "starts_at": "2026-12-02T09:00:00.000Z",
                     *           "ends_at": "2026-12-02T09:45:00.000Z",
                     *           "status": "confirmed",
                     *           "notes": "Bring the tile samples.",
                     *           "created_at": "2026-11-20T16:12:00.000Z"
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "offset": 0
                     *     }
                     */
                    "application/json": components["schemas"]["BookingPage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    getCalendar: {
        parameters: {
            query?: {
                /** @description First date of the range (YYYY-MM-DD, in the calendar's zone); default today there */
                from?: string;
                /** @description Last date of the range, included; default 6 days after from; at most 366 days in all */
                to?: string;
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The working calendar of the range */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "time_zone": "Europe/Madrid",
                     *       "from": "2026-03-27",
                     *       "to": "2026-03-29",
                     *       "days": [
                     *         {
                     *           "date": "2026-03-27",
                     *           "weekday": "friday",
                     *           "source": "schedule",
                     *           "closed": false,
                     *           "intervals": [
                     *             {
                     *               "start": "08:00",
                     *               "end": "15:00",
                     *               "starts_at": "2026-03-27T07:00:00.000Z",
                     *               "ends_at": "2026-03-27T14:00:00.000Z"
                     *             }
                     *           ]
                     *         },
                     *         {
                     *           "date": "2026-03-28",
                     *           "weekday": "saturday",
                     *           "source": "schedule",
                     *           "closed": true,
                     *           "intervals": []
                     *         },
                     *         {
                     *           "date": "2026-03-29",
                     *           "weekday": "sunday",
                     *           "source": "schedule",
                     *           "closed": true,
                     *           "intervals": []
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["Calendar"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
        };
    };
    listKnowledgeBases: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description Zero-based row offset, at least 0 (negative values are clamped); a value that is not a number means 0. */
                offset?: number;
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of knowledge bases */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "8f1e2d3c-4b5a-4697-8877-66554433a2b1",
                     *           "name": "Help centre",
                     *           "description": "What customers ask about: billing, calls, WhatsApp, the account.",
                     *           "document_count": 36,
                     *           "collections": [
                     *             {
                     *               "id": "2b7c9d0e-1f2a-4b3c-8d4e-5f6a7b8c9d0e",
                     *               "kb_id": "8f1e2d3c-4b5a-4697-8877-66554433a2b1",
                     *               "name": "Billing and wallet",
                     *               "description": "Top-ups, invoices, refunds and payment methods.",
                     *               "document_count": 9,
                     *               "created_at": "2026-01-10T09:00:00.000Z",
                     *               "updated_at": "2026-01-10T09:00:00.000Z"
                     *             }
                     *           ],
                     *           "created_at": "2026-01-10T09:00:00.000Z",
                     *           "updated_at": "2026-01-10T09:00:00.000Z"
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "offset": 0
                     *     }
                     */
                    "application/json": components["schemas"]["KnowledgeBasePage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    listEmailTemplates: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description Zero-based row offset, at least 0 (negative values are clamped); a value that is not a number means 0. */
                offset?: number;
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of templates */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "7b1d3f5a-9c2e-4b6d-8f0a-2c4e6a8b0d1f",
                     *           "name": "Spring offer",
                     *           "subject": "{{first_name}}, your spring renovation offer",
                     *           "body": "<p>Hello {{first_name}},</p><p>Your {{custom_fields.plan}} plan includes a free visit this spring.</p>",
                     *           "text_body": "Hello {{first_name}}, your {{custom_fields.plan}} plan includes a free visit this spring.",
                     *           "placeholders": [
                     *             "first_name",
                     *             "custom_fields.plan"
                     *           ],
                     *           "created_at": "2026-04-20T09:00:00.000Z",
                     *           "updated_at": "2026-04-20T09:00:00.000Z"
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "offset": 0
                     *     }
                     */
                    "application/json": components["schemas"]["EmailTemplatePage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    createEmailTemplate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Spring offer",
                 *       "subject": "{{first_name}}, your spring renovation offer",
                 *       "body": "<p>Hello {{first_name}},</p><p>Your {{custom_fields.plan}} plan includes a free visit this spring.</p>",
                 *       "text_body": "Hello {{first_name}}, your {{custom_fields.plan}} plan includes a free visit this spring."
                 *     }
                 */
                "application/json": components["schemas"]["CreateEmailTemplateInput"];
            };
        };
        responses: {
            /** @description The created template */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7b1d3f5a-9c2e-4b6d-8f0a-2c4e6a8b0d1f",
                     *       "name": "Spring offer",
                     *       "subject": "{{first_name}}, your spring renovation offer",
                     *       "body": "<p>Hello {{first_name}},</p><p>Your {{custom_fields.plan}} plan includes a free visit this spring.</p>",
                     *       "text_body": "Hello {{first_name}}, your {{custom_fields.plan}} plan includes a free visit this spring.",
                     *       "placeholders": [
                     *         "first_name",
                     *         "custom_fields.plan"
                     *       ],
                     *       "created_at": "2026-04-20T09:00:00.000Z",
                     *       "updated_at": "2026-04-20T09:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["EmailTemplate"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
        };
    };
    listSequences: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description Zero-based row offset, at least 0 (negative values are clamped); a value that is not a number means 0. */
                offset?: number;
                /** @description Only sequences in this status */
                status?: "active" | "archived";
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of sequences */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "3c5e7a9b-1d2f-4a6c-8e0b-4d6f8a0c2e4a",
                     *           "name": "Welcome series",
                     *           "status": "active",
                     *           "steps": [
                     *             {
                     *               "position": 1,
                     *               "template_id": "7b1d3f5a-9c2e-4b6d-8f0a-2c4e6a8b0d1f",
                     *               "delay_days": 0
                     *             },
                     *             {
                     *               "position": 2,
                     *               "template_id": "9d3f5b7c-1e4a-4c8e-9b2d-4f6a8c0e2b4d",
                     *               "delay_days": 3
                     *             }
                     *           ],
                     *           "enrolled_count": 12,
                     *           "created_at": "2026-04-20T09:00:00.000Z",
                     *           "updated_at": "2026-04-20T09:00:00.000Z",
                     *           "archived_at": null
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "offset": 0
                     *     }
                     */
                    "application/json": components["schemas"]["SequencePage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    createSequence: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Welcome series",
                 *       "steps": [
                 *         {
                 *           "template_id": "7b1d3f5a-9c2e-4b6d-8f0a-2c4e6a8b0d1f",
                 *           "delay_days": 0
                 *         },
                 *         {
                 *           "template_id": "9d3f5b7c-1e4a-4c8e-9b2d-4f6a8c0e2b4d",
                 *           "delay_days": 3
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CreateSequenceInput"];
            };
        };
        responses: {
            /** @description The created sequence */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3c5e7a9b-1d2f-4a6c-8e0b-4d6f8a0c2e4a",
                     *       "name": "Welcome series",
                     *       "status": "active",
                     *       "steps": [
                     *         {
                     *           "position": 1,
                     *           "template_id": "7b1d3f5a-9c2e-4b6d-8f0a-2c4e6a8b0d1f",
                     *           "delay_days": 0
                     *         },
                     *         {
                     *           "position": 2,
                     *           "template_id": "9d3f5b7c-1e4a-4c8e-9b2d-4f6a8c0e2b4d",
                     *           "delay_days": 3
                     *         }
                     *       ],
                     *       "enrolled_count": 0,
                     *       "created_at": "2026-04-20T09:00:00.000Z",
                     *       "updated_at": "2026-04-20T09:00:00.000Z",
                     *       "archived_at": null
                     *     }
                     */
                    "application/json": components["schemas"]["Sequence"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
        };
    };
    listCampaigns: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description Zero-based row offset, at least 0 (negative values are clamped); a value that is not a number means 0. */
                offset?: number;
                /** @description Only campaigns in this status */
                status?: "draft" | "scheduled" | "sending" | "paused" | "completed" | "archived";
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of campaigns */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "5e7a9c1b-3d4f-4a6c-8e0b-6d8f0a2c4e6b",
                     *           "name": "Spring renovation offer",
                     *           "agent_id": "8a0c2e4b-6d8f-4a1c-9e3b-5d7f9b1d3f5a",
                     *           "template_id": "7b1d3f5a-9c2e-4b6d-8f0a-2c4e6a8b0d1f",
                     *           "status": "sending",
                     *           "scheduled_at": null,
                     *           "list_count": 2,
                     *           "counts": {
                     *             "enrolled": 240,
                     *             "pending": 140,
                     *             "queued": 0,
                     *             "sent": 98,
                     *             "failed": 2,
                     *             "skipped_no_email": 12,
                     *             "skipped_unsubscribed": 3
                     *           },
                     *           "enrolled_at": "2026-04-26T10:00:00.000Z",
                     *           "created_at": "2026-04-20T09:00:00.000Z",
                     *           "updated_at": "2026-04-26T10:00:00.000Z"
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "offset": 0
                     *     }
                     */
                    "application/json": components["schemas"]["CampaignPage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    createCampaign: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Spring renovation offer",
                 *       "agent_id": "8a0c2e4b-6d8f-4a1c-9e3b-5d7f9b1d3f5a",
                 *       "template_id": "7b1d3f5a-9c2e-4b6d-8f0a-2c4e6a8b0d1f"
                 *     }
                 */
                "application/json": components["schemas"]["CreateCampaignInput"];
            };
        };
        responses: {
            /** @description The created campaign */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "5e7a9c1b-3d4f-4a6c-8e0b-6d8f0a2c4e6b",
                     *       "name": "Spring renovation offer",
                     *       "agent_id": "8a0c2e4b-6d8f-4a1c-9e3b-5d7f9b1d3f5a",
                     *       "template_id": "7b1d3f5a-9c2e-4b6d-8f0a-2c4e6a8b0d1f",
                     *       "status": "draft",
                     *       "scheduled_at": null,
                     *       "list_count": 0,
                     *       "counts": {
                     *         "enrolled": 0,
                     *         "pending": 0,
                     *         "queued": 0,
                     *         "sent": 0,
                     *         "failed": 0,
                     *         "skipped_no_email": 0,
                     *         "skipped_unsubscribed": 0
                     *       },
                     *       "enrolled_at": null,
                     *       "created_at": "2026-04-20T09:00:00.000Z",
                     *       "updated_at": "2026-04-20T09:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Campaign"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
        };
    };
    listDocuments: {
        parameters: {
            query?: {
                /** @description Only documents of this type (its name, any case), such as Invoice */
                type?: string;
                /** @description Only documents with this label (tag name, any case) */
                label?: string;
                /** @description Only documents with this text in their title or content */
                text?: string;
                /** @description Only documents created on this date or later (inclusive) */
                date_from?: string;
                /** @description Only documents created on this date or earlier (inclusive); before date_from is 400 */
                date_to?: string;
                /** @description How many documents, newest first (1 to 100; anything else is 400) */
                limit?: number;
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The matching documents */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": 4,
                     *           "title": "Invoice F-2025-0002",
                     *           "type": "Invoice",
                     *           "labels": [
                     *             "Accounting",
                     *             "Urgent"
                     *           ],
                     *           "created": "2025-03-31",
                     *           "added": "2025-03-31T10:00:00Z",
                     *           "file_name": "Invoice F-2025-0002.pdf"
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "total": 1,
                     *       "has_more": false
                     *     }
                     */
                    "application/json": components["schemas"]["ArchiveDocumentList"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
            502: components["responses"]["Problem502"];
            503: components["responses"]["Problem503"];
        };
    };
    listRecados: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description Zero-based row offset, at least 0 (negative values are clamped); a value that is not a number means 0. */
                offset?: number;
                /** @description Only slips already read (`true`) or not yet read (`false`); anything else is 400 */
                read?: "true" | "false";
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of message slips */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "5b0c6d7e-8f90-4a1b-9c2d-3e4f5a6b7c8d",
                     *           "caller_name": "Lucía Fernández",
                     *           "phone": "+34612345678",
                     *           "message": "Please call back about the kitchen quote before Friday.",
                     *           "call_id": "7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
                     *           "taken_at": "2026-04-26T09:41:12.000Z",
                     *           "read": false
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "offset": 0
                     *     }
                     */
                    "application/json": components["schemas"]["RecadoPage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
            503: components["responses"]["Problem503"];
        };
    };
    listConversations: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description page.next_cursor of the previous page; omit it for the first page. Opaque: pass it back unchanged. */
                cursor?: string;
                /** @description Only open or only closed conversations */
                status?: "open" | "closed";
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of conversations */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "7d1c3c52-8f0e-4b8e-9d7e-2f0a1c9b5e11",
                     *           "connection": {
                     *             "id": "0b5e2f9a-3c1d-4e6f-8a7b-9c0d1e2f3a4b",
                     *             "phone_number": "+34910000000"
                     *           },
                     *           "contact": {
                     *             "phone": "+34612345678",
                     *             "name": "Lucía García",
                     *             "contact_id": "3f2e1d0c-9b8a-4765-8432-10fedcba9876"
                     *           },
                     *           "status": "open",
                     *           "mode": "human",
                     *           "taken_over_by": {
                     *             "key_id": "key_0123456789abcdef0123456789abcdef",
                     *             "name": "Support desk"
                     *           },
                     *           "taken_over_at": "2026-03-02T09:10:00.000Z",
                     *           "reserved_for_external_bot": false,
                     *           "window_open": true,
                     *           "last_message_at": "2026-03-02T09:08:00.000Z",
                     *           "last_message_preview": "¿Pueden venir el jueves por la mañana?",
                     *           "unread_count": 1,
                     *           "created_at": "2026-03-01T18:00:00.000Z",
                     *           "updated_at": "2026-03-02T09:10:00.000Z"
                     *         }
                     *       ],
                     *       "page": {
                     *         "has_more": false,
                     *         "next_cursor": null
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ConversationPage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    listSubaccounts: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description Zero-based row offset, at least 0 (negative values are clamped); a value that is not a number means 0. */
                offset?: number;
                /** @description Only subaccounts in this status; another value is 400 */
                status?: "active" | "suspended";
                /** @description Only subaccounts whose name contains this text (case-insensitive) */
                search?: string;
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of subaccounts */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "5f0c7a9e-2b1d-4c3e-8f6a-7b8c9d0e1f2a",
                     *           "name": "Clínica Dental Sonrisa SL",
                     *           "plan": "Business",
                     *           "status": "active",
                     *           "owner_email": "owner@sonrisa.example",
                     *           "agency_id": "0d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6",
                     *           "created_at": "2026-03-02T10:00:00.000Z",
                     *           "updated_at": "2026-03-02T10:00:00.000Z"
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "offset": 0
                     *     }
                     */
                    "application/json": components["schemas"]["SubaccountPage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    getWebhookSubscription: {
        parameters: {
            query?: never;
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "d4f6a8c0-2e4a-4c6e-8a0c-2e4a6c8e0a2c",
                     *       "url": "https://hooks.example.com/api",
                     *       "events": [
                     *         "budget.created",
                     *         "contact.created"
                     *       ],
                     *       "enabled": true,
                     *       "has_secret": true,
                     *       "disabled_reason": null,
                     *       "created_at": "2026-04-26T10:15:30.000Z",
                     *       "updated_at": "2026-04-26T10:15:30.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookSubscription"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    putWebhookSubscription: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://hooks.example.com/api",
                 *       "events": [
                 *         "budget.created",
                 *         "contact.created"
                 *       ],
                 *       "enabled": true
                 *     }
                 */
                "application/json": components["schemas"]["CreateWebhookSubscription"];
            };
        };
        responses: {
            /** @description The subscription, with its new signing secret */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "d4f6a8c0-2e4a-4c6e-8a0c-2e4a6c8e0a2c",
                     *       "url": "https://hooks.example.com/api",
                     *       "events": [
                     *         "budget.created",
                     *         "contact.created"
                     *       ],
                     *       "enabled": true,
                     *       "has_secret": true,
                     *       "disabled_reason": null,
                     *       "created_at": "2026-04-26T10:15:30.000Z",
                     *       "updated_at": "2026-04-26T10:15:30.000Z",
                     *       "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwXh6bN2q4T0c="
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookSubscriptionWithSecret"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
        };
    };
    deleteWebhookSubscription: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription was removed */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "d4f6a8c0-2e4a-4c6e-8a0c-2e4a6c8e0a2c",
                     *       "deleted": true
                     *     }
                     */
                    "application/json": components["schemas"]["DeletedWebhookSubscription"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
        };
    };
    updateWebhookSubscription: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "events": [
                 *         "*"
                 *       ],
                 *       "rotate_secret": true
                 *     }
                 */
                "application/json": components["schemas"]["UpdateWebhookSubscription"];
            };
        };
        responses: {
            /** @description The subscription (with the new secret when rotated) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "d4f6a8c0-2e4a-4c6e-8a0c-2e4a6c8e0a2c",
                     *       "url": "https://hooks.example.com/api",
                     *       "events": [
                     *         "*"
                     *       ],
                     *       "enabled": true,
                     *       "has_secret": true,
                     *       "disabled_reason": null,
                     *       "created_at": "2026-04-26T10:15:30.000Z",
                     *       "updated_at": "2026-04-26T10:15:30.000Z",
                     *       "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwXh6bN2q4T0c="
                     *     }
                     */
                    "application/json": components["schemas"]["PatchedWebhookSubscription"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
        };
    };
    identifyContact: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "phone": "+34 612 345 678",
                 *       "first_name": "Lucía"
                 *     }
                 */
                "application/json": components["schemas"]["IdentifyContactInput"];
            };
        };
        responses: {
            /** @description The contact found or created */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "contact": {
                     *         "id": "2f4e6a8c-0b1d-4e3f-9a5b-7c9d1e3f5a7b",
                     *         "name": "Lucía García",
                     *         "first_name": "Lucía",
                     *         "last_name": "García",
                     *         "phone": "+34612345678",
                     *         "email": "lucia@acme.example",
                     *         "company": "Acme SL",
                     *         "tags": [
                     *           "lead",
                     *           "madrid"
                     *         ],
                     *         "notes": "Prefers calls in the morning.",
                     *         "custom_fields": {
                     *           "plan": "pro",
                     *           "seats": 12,
                     *           "newsletter": true
                     *         },
                     *         "source": "api",
                     *         "created_at": "2026-04-26T10:15:30.000Z",
                     *         "updated_at": "2026-04-26T10:15:30.000Z"
                     *       },
                     *       "created": false
                     *     }
                     */
                    "application/json": components["schemas"]["IdentifiedContact"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
        };
    };
    importContacts: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "contacts": [
                 *         {
                 *           "first_name": "Lucía",
                 *           "phone": "+34 612 345 678",
                 *           "tags": [
                 *             "lead"
                 *           ]
                 *         },
                 *         {
                 *           "first_name": "Marc",
                 *           "email": "marc@example.com"
                 *         },
                 *         {
                 *           "first_name": "Ana",
                 *           "phone": "+34612345678"
                 *         },
                 *         {
                 *           "first_name": "No contact details"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["ImportContactsInput"];
            };
        };
        responses: {
            /** @description What the import did, row by row */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "created": 2,
                     *       "skipped": 1,
                     *       "rejected": 1,
                     *       "created_contacts": [
                     *         {
                     *           "index": 0,
                     *           "id": "2f4e6a8c-0b1d-4e3f-9a5b-7c9d1e3f5a7b"
                     *         },
                     *         {
                     *           "index": 1,
                     *           "id": "6c8e0a2b-4d6f-4a1c-8e3b-5d7f9a1c3e5b"
                     *         }
                     *       ],
                     *       "skipped_rows": [
                     *         {
                     *           "index": 2,
                     *           "reason": "duplicate_in_import",
                     *           "existing_contact_id": null,
                     *           "duplicate_of_index": 0
                     *         }
                     *       ],
                     *       "rejected_rows": [
                     *         {
                     *           "index": 3,
                     *           "reason": "phone: A contact needs a phone or an email.",
                     *           "errors": [
                     *             {
                     *               "path": "phone",
                     *               "message": "A contact needs a phone or an email."
                     *             }
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ImportContactsResult"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
        };
    };
    listMentionableTeam: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description Zero-based row offset, at least 0 (negative values are clamped); a value that is not a number means 0. */
                offset?: number;
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of mentionable people */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "8f0a2c4e-6b8d-4f0a-9c4e-6b8d0f2a4c6e",
                     *           "name": "Lucía García",
                     *           "handle": "lucia.garcia"
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "offset": 0
                     *     }
                     */
                    "application/json": components["schemas"]["MentionablePersonPage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
        };
    };
    listTeamInvites: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description Zero-based row offset, at least 0 (negative values are clamped); a value that is not a number means 0. */
                offset?: number;
                /** @description Only invites in this status (expired: pending past expires_at) */
                status?: "pending" | "accepted" | "revoked" | "expired";
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of invitations */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "3c5e7a9b-1d3f-4c5e-8a9b-1d3f5c7e9a1b",
                     *           "email": "marc@acme.example",
                     *           "role": {
                     *             "id": "1b3d5f7a-9c1e-4b3d-8f5a-7c9e1b3d5f7a",
                     *             "name": "Supervisor"
                     *           },
                     *           "invited_by": "8f0a2c4e-6b8d-4f0a-9c4e-6b8d0f2a4c6e",
                     *           "status": "pending",
                     *           "expires_at": "2026-05-03T10:00:00.000Z",
                     *           "accepted_at": null,
                     *           "revoked_at": null,
                     *           "created_at": "2026-04-26T10:00:00.000Z"
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "offset": 0
                     *     }
                     */
                    "application/json": components["schemas"]["TeamInvitePage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    listTeamRoles: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description Zero-based row offset, at least 0 (negative values are clamped); a value that is not a number means 0. */
                offset?: number;
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of roles */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "1b3d5f7a-9c1e-4b3d-8f5a-7c9e1b3d5f7a",
                     *           "name": "Supervisor",
                     *           "description": "Reviews calls and assigns leads",
                     *           "permissions": [
                     *             "calls:read",
                     *             "contacts:write"
                     *           ],
                     *           "member_count": 3,
                     *           "created_at": "2026-01-12T08:00:00.000Z",
                     *           "updated_at": "2026-02-01T08:00:00.000Z"
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "offset": 0
                     *     }
                     */
                    "application/json": components["schemas"]["TeamRolePage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    getTeamSeats: {
        parameters: {
            query?: never;
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Seat usage */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "contracted": 10,
                     *       "used": 7,
                     *       "pending_invites": 1,
                     *       "available": 2
                     *     }
                     */
                    "application/json": components["schemas"]["TeamSeats"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    getBalance: {
        parameters: {
            query?: never;
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The balance */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "amount": 142.5,
                     *       "currency": "EUR",
                     *       "as_of": "2026-04-30T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Balance"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    listTransactions: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description Zero-based row offset, at least 0 (negative values are clamped); a value that is not a number means 0. */
                offset?: number;
                /** @description Only movements of this kind */
                kind?: "top_up" | "charge" | "refund" | "adjustment";
                /** @description Movements from this day on, UTC (YYYY-MM-DD; included) */
                from?: string;
                /** @description Movements up to this day, UTC (YYYY-MM-DD; included) */
                to?: string;
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of movements */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "0f1e2d3c-4b5a-4697-8877-665544332211",
                     *           "kind": "charge",
                     *           "amount": -12.4,
                     *           "balance_after": 130.1,
                     *           "currency": "EUR",
                     *           "reference": {
                     *             "type": "campaign",
                     *             "id": "5b0e8f8e-3c1a-4d55-9a53-0f6a2c1d7e42"
                     *           },
                     *           "description": "Campaign \"Spring offers\": 276 SMS",
                     *           "created_at": "2026-04-28T09:12:00.000Z"
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "offset": 0
                     *     }
                     */
                    "application/json": components["schemas"]["TransactionPage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    getUsage: {
        parameters: {
            query?: {
                /** @description First day of the period, in the company's time zone; default: the first day of this month (YYYY-MM-DD; included) */
                start_date?: string;
                /** @description Last day of the period, in the company's time zone; default: today (YYYY-MM-DD; included) */
                end_date?: string;
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The period's usage */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "start_date": "2026-04-01",
                     *       "end_date": "2026-04-30",
                     *       "time_zone": "Europe/Madrid",
                     *       "currency": "EUR",
                     *       "calls": {
                     *         "count": 412,
                     *         "minutes": 910.5,
                     *         "cost": 18.2
                     *       },
                     *       "sms": {
                     *         "segments": 276,
                     *         "cost": 12.42
                     *       },
                     *       "emails": {
                     *         "count": 120,
                     *         "cost": 0.6
                     *       },
                     *       "whatsapp": {
                     *         "messages": 80,
                     *         "cost": 0.38
                     *       },
                     *       "total_cost": 31.6
                     *     }
                     */
                    "application/json": components["schemas"]["Usage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    listBillingInvoices: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description Zero-based row offset, at least 0 (negative values are clamped); a value that is not a number means 0. */
                offset?: number;
                /** @description Only invoices in this status */
                status?: "open" | "paid" | "void";
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of invoices */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "7d2b1a90-55c4-4e1f-8c3a-2b6d4e8f0a11",
                     *           "number": "INV-2026-000412",
                     *           "status": "paid",
                     *           "period_start": "2026-03-01",
                     *           "period_end": "2026-03-31",
                     *           "subtotal": 99,
                     *           "tax": 20.79,
                     *           "total": 119.79,
                     *           "currency": "EUR",
                     *           "issued_at": "2026-04-01T06:00:00.000Z",
                     *           "due_at": "2026-04-15T06:00:00.000Z",
                     *           "paid_at": "2026-04-01T06:00:05.000Z"
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "offset": 0
                     *     }
                     */
                    "application/json": components["schemas"]["BillingInvoicePage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    listPendingOrders: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description Zero-based row offset, at least 0 (negative values are clamped); a value that is not a number means 0. */
                offset?: number;
                /** @description Only orders in this status */
                status?: "pending_documents" | "pending_payment" | "processing";
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of pending orders */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "3c9d8e7f-6a5b-4c3d-9e2f-1a0b9c8d7e6f",
                     *           "country": "ES",
                     *           "number_type": "local",
                     *           "phone_number": null,
                     *           "status": "pending_documents",
                     *           "status_reason": "Proof of address in the number's province",
                     *           "setup_price": 5,
                     *           "monthly_price": 3,
                     *           "currency": "EUR",
                     *           "created_at": "2026-04-20T11:00:00.000Z"
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "offset": 0
                     *     }
                     */
                    "application/json": components["schemas"]["PendingOrderPage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    getSubscription: {
        parameters: {
            query?: never;
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "plan": "Business",
                     *       "subscribed": true,
                     *       "cycle": "monthly",
                     *       "current_period_start": "2026-04-01T00:00:00.000Z",
                     *       "current_period_end": "2026-05-01T00:00:00.000Z",
                     *       "price": 99,
                     *       "currency": "EUR",
                     *       "cancel_at_period_end": false,
                     *       "cancel_at": null,
                     *       "scheduled_plan": null
                     *     }
                     */
                    "application/json": components["schemas"]["Subscription"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    changePlan: {
        parameters: {
            query?: never;
            header: {
                /** @description Required on spending operations (gate S): without it the answer is 400 `idempotency_key_required`. Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key": components["parameters"]["IdempotencyKeyRequired"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "plan": "Agency",
                 *       "cycle": "monthly"
                 *     }
                 */
                "application/json": components["schemas"]["ChangePlanInput"];
            };
        };
        responses: {
            /** @description A plan changed */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "plan": "Agency",
                     *       "subscribed": true,
                     *       "cycle": "monthly",
                     *       "current_period_start": "2026-04-01T00:00:00.000Z",
                     *       "current_period_end": "2026-05-01T00:00:00.000Z",
                     *       "price": 299,
                     *       "currency": "EUR",
                     *       "cancel_at_period_end": false,
                     *       "cancel_at": null,
                     *       "scheduled_plan": null,
                     *       "change": "upgraded",
                     *       "charged": 133.33
                     *     }
                     */
                    "application/json": components["schemas"]["PlanChange"];
                };
            };
            /** @description A plan hired */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "plan": "Agency",
                     *       "subscribed": true,
                     *       "cycle": "monthly",
                     *       "current_period_start": "2026-04-01T00:00:00.000Z",
                     *       "current_period_end": "2026-05-01T00:00:00.000Z",
                     *       "price": 299,
                     *       "currency": "EUR",
                     *       "cancel_at_period_end": false,
                     *       "cancel_at": null,
                     *       "scheduled_plan": null,
                     *       "change": "hired",
                     *       "charged": 133.33
                     *     }
                     */
                    "application/json": components["schemas"]["PlanChange"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
            503: components["responses"]["Problem503OnWrite"];
        };
    };
    cancelSubscription: {
        parameters: {
            query?: never;
            header: {
                /** @description Required on spending operations (gate S): without it the answer is 400 `idempotency_key_required`. Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key": components["parameters"]["IdempotencyKeyRequired"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription, ending at cancel_at */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "plan": "Business",
                     *       "subscribed": true,
                     *       "cycle": "monthly",
                     *       "current_period_start": "2026-04-01T00:00:00.000Z",
                     *       "current_period_end": "2026-05-01T00:00:00.000Z",
                     *       "price": 99,
                     *       "currency": "EUR",
                     *       "cancel_at_period_end": true,
                     *       "cancel_at": "2026-05-01T00:00:00.000Z",
                     *       "scheduled_plan": null
                     *     }
                     */
                    "application/json": components["schemas"]["Subscription"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
            503: components["responses"]["Problem503OnWrite"];
        };
    };
    listAddons: {
        parameters: {
            query?: never;
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The catalogue */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "type": "extra_concurrent_calls",
                     *           "name": "10 more simultaneous calls",
                     *           "description": "Adds 10 simultaneous calls to the plan's quota.",
                     *           "monthly_price": 49,
                     *           "currency": "EUR",
                     *           "available": true,
                     *           "hired": true,
                     *           "hired_at": "2026-04-02T10:00:00.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["AddonList"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    hireAddon: {
        parameters: {
            query?: never;
            header: {
                /** @description Required on spending operations (gate S): without it the answer is 400 `idempotency_key_required`. Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key": components["parameters"]["IdempotencyKeyRequired"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "addon_type": "extra_concurrent_calls"
                 *     }
                 */
                "application/json": components["schemas"]["HireAddonInput"];
            };
        };
        responses: {
            /** @description Already hired; nothing charged */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "extra_concurrent_calls",
                     *       "name": "10 more simultaneous calls",
                     *       "description": "Adds 10 simultaneous calls to the plan's quota.",
                     *       "monthly_price": 49,
                     *       "currency": "EUR",
                     *       "available": true,
                     *       "hired": true,
                     *       "hired_at": "2026-04-02T10:00:00.000Z",
                     *       "charged": 0
                     *     }
                     */
                    "application/json": components["schemas"]["HiredAddon"];
                };
            };
            /** @description Hired and charged */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "extra_concurrent_calls",
                     *       "name": "10 more simultaneous calls",
                     *       "description": "Adds 10 simultaneous calls to the plan's quota.",
                     *       "monthly_price": 49,
                     *       "currency": "EUR",
                     *       "available": true,
                     *       "hired": true,
                     *       "hired_at": "2026-04-02T10:00:00.000Z",
                     *       "charged": 49
                     *     }
                     */
                    "application/json": components["schemas"]["HiredAddon"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
            503: components["responses"]["Problem503OnWrite"];
        };
    };
    createTopUp: {
        parameters: {
            query?: never;
            header: {
                /** @description Required on spending operations (gate S): without it the answer is 400 `idempotency_key_required`. Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key": components["parameters"]["IdempotencyKeyRequired"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "amount": 50
                 *     }
                 */
                "application/json": components["schemas"]["TopUpInput"];
            };
        };
        responses: {
            /** @description The top-up and the new balance */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "top_up": {
                     *         "id": "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
                     *         "amount": 50,
                     *         "currency": "EUR",
                     *         "status": "succeeded",
                     *         "payment_reference": "pi_3Pq9x2fake",
                     *         "created_at": "2026-04-30T10:00:00.000Z"
                     *       },
                     *       "balance": {
                     *         "amount": 192.5,
                     *         "currency": "EUR",
                     *         "as_of": "2026-04-30T10:00:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["TopUp"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
            503: components["responses"]["Problem503OnWrite"];
        };
    };
    listAgentTemplates: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description Zero-based row offset, at least 0 (negative values are clamped); a value that is not a number means 0. */
                offset?: number;
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of templates */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "receptionist-es",
                     *           "name": "Recepcionista",
                     *           "description": "Answers calls, takes messages and books visits.",
                     *           "language": "es-ES",
                     *           "voice": "es-ES-elena",
                     *           "yaml": "base_version: 0\nname: Recepcionista\nlanguage: es-ES\nvoice: es-ES-elena\ngreeting: Hola, gracias por llamar. ¿En qué puedo ayudarle?\nprompt: |\n  Eres la recepcionista de la empresa.\nmax_call_seconds: 600\nend_call_phrases:\n  - adiós\n"
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "offset": 0
                     *     }
                     */
                    "application/json": components["schemas"]["AgentTemplatePage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    listRateCountries: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description Zero-based row offset, at least 0 (negative values are clamped); a value that is not a number means 0. */
                offset?: number;
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of destinations */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "country": "ES",
                     *           "name": "Spain",
                     *           "dialling_code": "+34"
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "offset": 0
                     *     }
                     */
                    "application/json": components["schemas"]["CallableDestinationPage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    listSipExtensions: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description Zero-based row offset, at least 0 (negative values are clamped); a value that is not a number means 0. */
                offset?: number;
                /** @description Only extensions in this status */
                status?: "active" | "disabled";
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of extensions */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "c3d4e5f6-a7b8-4c9d-8e1f-2a3b4c5d6e7f",
                     *           "extension": "101",
                     *           "name": "Reception",
                     *           "member_id": "0d9f6a8e-7b1c-4e2a-9c3d-5f4e3b2a1c0d",
                     *           "profile_id": "d4e5f6a7-b8c9-4d0e-9f2a-3b4c5d6e7f8a",
                     *           "status": "active",
                     *           "sip_username": "ext101",
                     *           "sip_domain": "reformas-demo.sip.example.net",
                     *           "created_at": "2026-01-10T08:00:00.000Z"
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "offset": 0
                     *     }
                     */
                    "application/json": components["schemas"]["SipExtensionPage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    listTelephonyProfiles: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description Zero-based row offset, at least 0 (negative values are clamped); a value that is not a number means 0. */
                offset?: number;
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of profiles */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "d4e5f6a7-b8c9-4d0e-9f2a-3b4c5d6e7f8a",
                     *           "name": "Office (TLS + SRTP)",
                     *           "transport": "udp",
                     *           "codecs": [
                     *             "opus",
                     *             "G722",
                     *             "PCMA",
                     *             "PCMU"
                     *           ],
                     *           "dtmf_mode": "rfc2833",
                     *           "srtp": true,
                     *           "recording": false,
                     *           "max_concurrent_calls": 10,
                     *           "trunk_host": "trunk.carrier.example.net",
                     *           "created_at": "2026-01-10T08:00:00.000Z",
                     *           "updated_at": "2026-01-10T08:00:00.000Z"
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "offset": 0
                     *     }
                     */
                    "application/json": components["schemas"]["TelephonyProfilePage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    dialCall: {
        parameters: {
            query?: never;
            header: {
                /** @description Required on spending operations (gate S): without it the answer is 400 `idempotency_key_required`. Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key": components["parameters"]["IdempotencyKeyRequired"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "to": "+34612345678",
                 *       "agent_id": "5b0e8f8e-3c1a-4d55-9a53-0f6a2c1d7e42"
                 *     }
                 */
                "application/json": components["schemas"]["DialInput"];
            };
        };
        responses: {
            /** @description The call, queued */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0c6f1d7e-2b3a-4c5d-8e9f-a0b1c2d3e4f5",
                     *       "status": "queued",
                     *       "direction": "outbound",
                     *       "to": "+34612345678",
                     *       "from": "+34910000000",
                     *       "agent_id": "5b0e8f8e-3c1a-4d55-9a53-0f6a2c1d7e42",
                     *       "country": "ES",
                     *       "rate": {
                     *         "price_per_minute": 0.02,
                     *         "minimum_seconds": 60,
                     *         "billing_increment_seconds": 60
                     *       },
                     *       "reserved": 0.1,
                     *       "reserved_seconds": 300,
                     *       "currency": "EUR",
                     *       "created_at": "2026-04-30T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["DialledCall"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            402: components["responses"]["Problem402OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
            503: components["responses"]["Problem503OnWrite"];
        };
    };
    getConcurrency: {
        parameters: {
            query?: never;
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The quota and the calls in progress */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "quota": 10,
                     *       "in_progress": 2,
                     *       "available": 8
                     *     }
                     */
                    "application/json": components["schemas"]["Concurrency"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    getCallAnalytics: {
        parameters: {
            query?: {
                /** @description First day of the period (YYYY-MM-DD, in the company's time zone); default: 29 days before `to`, so the period is 30 days */
                from?: string;
                /** @description Last day of the period, included (YYYY-MM-DD); default: today in the company's time zone. Before `from` is 400 */
                to?: string;
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The period's calls, broken down */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "period": {
                     *         "from": "2026-03-28",
                     *         "to": "2026-04-26",
                     *         "days": 30,
                     *         "time_zone": "Europe/Madrid"
                     *       },
                     *       "currency": "EUR",
                     *       "totals": {
                     *         "calls": 214,
                     *         "duration_seconds": 40312,
                     *         "average_duration_seconds": 188.4,
                     *         "cost": 61.7
                     *       },
                     *       "by_direction": [
                     *         {
                     *           "direction": "inbound",
                     *           "calls": 150,
                     *           "duration_seconds": 30100,
                     *           "average_duration_seconds": 200.7,
                     *           "cost": 40.2
                     *         },
                     *         {
                     *           "direction": "outbound",
                     *           "calls": 64,
                     *           "duration_seconds": 10212,
                     *           "average_duration_seconds": 159.6,
                     *           "cost": 21.5
                     *         }
                     *       ],
                     *       "by_result": [
                     *         {
                     *           "result": "answered",
                     *           "calls": 168,
                     *           "duration_seconds": 40312,
                     *           "average_duration_seconds": 240,
                     *           "cost": 61.7
                     *         }
                     *       ],
                     *       "breakdown": [
                     *         {
                     *           "direction": "inbound",
                     *           "result": "answered",
                     *           "calls": 120,
                     *           "duration_seconds": 30100,
                     *           "average_duration_seconds": 250.8,
                     *           "cost": 40.2
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["CallAnalytics"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    getAnalyticsDashboard: {
        parameters: {
            query?: {
                /** @description First day of the period (YYYY-MM-DD, in the company's time zone); default: 29 days before `to`, so the period is 30 days */
                from?: string;
                /** @description Last day of the period, included (YYYY-MM-DD); default: today in the company's time zone. Before `from` is 400 */
                to?: string;
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The period's indicators */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "period": {
                     *         "from": "2026-03-28",
                     *         "to": "2026-04-26",
                     *         "days": 30,
                     *         "time_zone": "Europe/Madrid"
                     *       },
                     *       "previous_period": {
                     *         "from": "2026-02-26",
                     *         "to": "2026-03-27",
                     *         "days": 30,
                     *         "time_zone": "Europe/Madrid"
                     *       },
                     *       "currency": "EUR",
                     *       "indicators": {
                     *         "calls": {
                     *           "value": 214,
                     *           "previous": 190,
                     *           "variation": 12.6,
                     *           "note": null
                     *         },
                     *         "inbound_calls": {
                     *           "value": 150,
                     *           "previous": 140,
                     *           "variation": 7.1,
                     *           "note": null
                     *         },
                     *         "outbound_calls": {
                     *           "value": 64,
                     *           "previous": 50,
                     *           "variation": 28,
                     *           "note": null
                     *         },
                     *         "answered_calls": {
                     *           "value": 168,
                     *           "previous": 150,
                     *           "variation": 12,
                     *           "note": null
                     *         },
                     *         "answered_rate": {
                     *           "value": 78.5,
                     *           "previous": 78.9,
                     *           "variation": -0.5,
                     *           "note": null
                     *         },
                     *         "missed_calls": {
                     *           "value": 31,
                     *           "previous": 28,
                     *           "variation": 10.7,
                     *           "note": null
                     *         },
                     *         "minutes": {
                     *           "value": 671.9,
                     *           "previous": 610.2,
                     *           "variation": 10.1,
                     *           "note": null
                     *         },
                     *         "average_duration_seconds": {
                     *           "value": 188.4,
                     *           "previous": 192.7,
                     *           "variation": -2.2,
                     *           "note": null
                     *         },
                     *         "cost": {
                     *           "value": 61.7,
                     *           "previous": 55.1,
                     *           "variation": 12,
                     *           "note": null
                     *         },
                     *         "cost_per_answered_call": {
                     *           "value": 0.37,
                     *           "previous": 0.37,
                     *           "variation": 0,
                     *           "note": null
                     *         },
                     *         "bookings": {
                     *           "value": null,
                     *           "previous": null,
                     *           "variation": null,
                     *           "note": "The calendar is not available yet."
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Dashboard"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    setCalendarSchedule: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "time_zone": "Europe/Madrid",
                 *       "week": {
                 *         "monday": [
                 *           {
                 *             "start": "09:00",
                 *             "end": "14:00"
                 *           },
                 *           {
                 *             "start": "15:00",
                 *             "end": "18:30"
                 *           }
                 *         ],
                 *         "tuesday": [
                 *           {
                 *             "start": "09:00",
                 *             "end": "14:00"
                 *           },
                 *           {
                 *             "start": "15:00",
                 *             "end": "18:30"
                 *           }
                 *         ],
                 *         "wednesday": [
                 *           {
                 *             "start": "09:00",
                 *             "end": "14:00"
                 *           },
                 *           {
                 *             "start": "15:00",
                 *             "end": "18:30"
                 *           }
                 *         ],
                 *         "thursday": [
                 *           {
                 *             "start": "09:00",
                 *             "end": "14:00"
                 *           },
                 *           {
                 *             "start": "15:00",
                 *             "end": "18:30"
                 *           }
                 *         ],
                 *         "friday": [
                 *           {
                 *             "start": "08:00",
                 *             "end": "15:00"
                 *           }
                 *         ],
                 *         "saturday": [],
                 *         "sunday": []
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CalendarScheduleInput"];
            };
        };
        responses: {
            /** @description The schedule as stored */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "time_zone": "Europe/Madrid",
                     *       "week": {
                     *         "monday": [
                     *           {
                     *             "start": "09:00",
                     *             "end": "14:00"
                     *           },
                     *           {
                     *             "start": "15:00",
                     *             "end": "18:30"
                     *           }
                     *         ],
                     *         "tuesday": [
                     *           {
                     *             "start": "09:00",
                     *             "end": "14:00"
                     *           },
                     *           {
                     *             "start": "15:00",
                     *             "end": "18:30"
                     *           }
                     *         ],
                     *         "wednesday": [
                     *           {
                     *             "start": "09:00",
                     *             "end": "14:00"
                     *           },
                     *           {
                     *             "start": "15:00",
                     *             "end": "18:30"
                     *           }
                     *         ],
                     *         "thursday": [
                     *           {
                     *             "start": "09:00",
                     *             "end": "14:00"
                     *           },
                     *           {
                     *             "start": "15:00",
                     *             "end": "18:30"
                     *           }
                     *         ],
                     *         "friday": [
                     *           {
                     *             "start": "08:00",
                     *             "end": "15:00"
                     *           }
                     *         ],
                     *         "saturday": [],
                     *         "sunday": []
                     *       },
                     *       "updated_at": "2026-11-20T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["CalendarSchedule"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
        };
    };
    setCalendarOverride: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "date": "2026-12-24",
                 *       "intervals": [
                 *         {
                 *           "start": "09:00",
                 *           "end": "13:00"
                 *         }
                 *       ],
                 *       "note": "Christmas Eve: mornings only"
                 *     }
                 */
                "application/json": components["schemas"]["CalendarOverrideInput"];
            };
        };
        responses: {
            /** @description The exception as stored */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "date": "2026-12-24",
                     *       "closed": false,
                     *       "intervals": [
                     *         {
                     *           "start": "09:00",
                     *           "end": "13:00"
                     *         }
                     *       ],
                     *       "note": "Christmas Eve: mornings only",
                     *       "updated_at": "2026-11-20T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["CalendarOverride"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
        };
    };
    removeCalendarOverride: {
        parameters: {
            query: {
                /** @description The local date whose exception to remove (YYYY-MM-DD) */
                date: string;
            };
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The removed exception */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "date": "2026-12-24",
                     *       "closed": false,
                     *       "intervals": [
                     *         {
                     *           "start": "09:00",
                     *           "end": "13:00"
                     *         }
                     *       ],
                     *       "note": "Christmas Eve: mornings only",
                     *       "updated_at": "2026-11-20T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["CalendarOverride"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
        };
    };
    checkCalendar: {
        parameters: {
            query: {
                /** @description The instant to check: ISO 8601 with an offset (2026-03-29T09:00:00+02:00, or Z) or a zone (2026-03-29T09:00:00[Europe/Madrid]); without either, 400 */
                at: string;
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Whether the instant is within working hours */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "at": "2026-03-30T07:15:00.000Z",
                     *       "time_zone": "Europe/Madrid",
                     *       "local_time": "2026-03-30T09:15:00.000+02:00",
                     *       "local_date": "2026-03-30",
                     *       "weekday": "monday",
                     *       "open": true,
                     *       "interval": {
                     *         "start": "09:00",
                     *         "end": "14:00",
                     *         "starts_at": "2026-03-30T07:00:00.000Z",
                     *         "ends_at": "2026-03-30T12:00:00.000Z"
                     *       },
                     *       "next_opening": "2026-03-30T13:00:00.000Z",
                     *       "next_opening_local": "2026-03-30T15:00:00.000+02:00"
                     *     }
                     */
                    "application/json": components["schemas"]["CalendarCheck"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
        };
    };
    listEmailConnections: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description Zero-based row offset, at least 0 (negative values are clamped); a value that is not a number means 0. */
                offset?: number;
                /** @description Only verified (`true`) or unverified (`false`) identities; anything else is 400 */
                verified?: "true" | "false";
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of sending identities */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "0f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a",
                     *           "address": "presupuestos@reformasdemo.es",
                     *           "display_name": "Reformas Demo",
                     *           "verified": true,
                     *           "verified_at": "2026-02-01T10:00:00.000Z",
                     *           "created_at": "2026-01-31T09:12:00.000Z"
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "offset": 0
                     *     }
                     */
                    "application/json": components["schemas"]["EmailConnectionPage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    listEmailHistory: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description Zero-based row offset, at least 0 (negative values are clamped); a value that is not a number means 0. */
                offset?: number;
                /** @description Only emails in this status */
                status?: "sending" | "sent" | "failed";
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of sent emails */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "3a2b1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d",
                     *           "identity_id": "0f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a",
                     *           "from": "\"Reformas Demo\" <presupuestos@reformasdemo.es>",
                     *           "to": "lucia.fernandez@example.com",
                     *           "subject": "Your kitchen quote",
                     *           "status": "sent",
                     *           "provider_message_id": "b7bc2f4a-e38e-4336-af7d-e6c392c2f817",
                     *           "failure_reason": null,
                     *           "created_at": "2026-04-26T09:45:00.000Z",
                     *           "sent_at": "2026-04-26T09:45:01.000Z"
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "offset": 0
                     *     }
                     */
                    "application/json": components["schemas"]["EmailHistoryPage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    sendEmail: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "to": "lucia.fernandez@example.com",
                 *       "subject": "Your kitchen quote",
                 *       "body": "Hello Lucía,\n\nAttached is the quote we discussed.\n\nReformas Demo"
                 *     }
                 */
                "application/json": components["schemas"]["SendEmailInput"];
            };
        };
        responses: {
            /** @description The email, accepted by the provider */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3a2b1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d",
                     *       "identity_id": "0f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a",
                     *       "from": "\"Reformas Demo\" <presupuestos@reformasdemo.es>",
                     *       "to": "lucia.fernandez@example.com",
                     *       "subject": "Your kitchen quote",
                     *       "status": "sent",
                     *       "provider_message_id": "b7bc2f4a-e38e-4336-af7d-e6c392c2f817",
                     *       "failure_reason": null,
                     *       "created_at": "2026-04-26T09:45:00.000Z",
                     *       "sent_at": "2026-04-26T09:45:01.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["EmailHistoryEntry"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            502: components["responses"]["Problem502OnWrite"];
            503: components["responses"]["Problem503OnWrite"];
        };
    };
    checkSms: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "numbers": [
                 *         "+34612345678",
                 *         "612 345 679",
                 *         "+1 202 555 0143"
                 *       ],
                 *       "text": "Hola Lucía, su visita es el martes a las 10:00. Reformas Demo"
                 *     }
                 */
                "application/json": components["schemas"]["CheckSmsInput"];
            };
        };
        responses: {
            /** @description Each recipient and the text's price */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "text": {
                     *         "encoding": "GSM-7",
                     *         "characters": 60,
                     *         "segments": 1
                     *       },
                     *       "currency": "EUR",
                     *       "recipients": [
                     *         {
                     *           "input": "+34612345678",
                     *           "e164": "+34612345678",
                     *           "country": "ES",
                     *           "valid": true,
                     *           "allowed": true,
                     *           "verdict": "allowed",
                     *           "price_per_segment": 0.07,
                     *           "price": 0.07
                     *         },
                     *         {
                     *           "input": "+34 910 123 456",
                     *           "e164": "+34910123456",
                     *           "country": "ES",
                     *           "valid": true,
                     *           "allowed": false,
                     *           "verdict": "not_mobile",
                     *           "price_per_segment": null,
                     *           "price": null
                     *         },
                     *         {
                     *           "input": "12345",
                     *           "e164": null,
                     *           "country": null,
                     *           "valid": false,
                     *           "allowed": false,
                     *           "verdict": "invalid_number",
                     *           "price_per_segment": null,
                     *           "price": null
                     *         }
                     *       ],
                     *       "allowed": 1,
                     *       "total_price": 0.07
                     *     }
                     */
                    "application/json": components["schemas"]["SmsCheck"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            503: components["responses"]["Problem503OnWrite"];
        };
    };
    sendSms: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "to": "+34612345678",
                 *       "text": "Hola Lucía, su visita es el martes a las 10:00. Reformas Demo"
                 *     }
                 */
                "application/json": components["schemas"]["SendSmsInput"];
            };
        };
        responses: {
            /** @description The SMS, accepted by the provider */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "6d5c4b3a-2f1e-4d0c-9b8a-7f6e5d4c3b2a",
                     *       "to": "+34612345678",
                     *       "country": "ES",
                     *       "text": "Hola Lucía, su visita es el martes a las 10:00. Reformas Demo",
                     *       "encoding": "GSM-7",
                     *       "segments": 1,
                     *       "price_per_segment": 0.07,
                     *       "cost": 0.07,
                     *       "currency": "EUR",
                     *       "status": "sent",
                     *       "refunded": false,
                     *       "provider_message_id": "SM3f9a0c2b7d5e4f6a8b1c2d3e4f5a6b7c",
                     *       "failure_reason": null,
                     *       "created_at": "2026-04-26T09:50:00.000Z",
                     *       "sent_at": "2026-04-26T09:50:01.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["SmsMessage"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            502: components["responses"]["Problem502OnWrite"];
            503: components["responses"]["Problem503OnWrite"];
        };
    };
    listSmsHistory: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description Zero-based row offset, at least 0 (negative values are clamped); a value that is not a number means 0. */
                offset?: number;
                /** @description Only messages in this status */
                status?: "sending" | "sent" | "failed";
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of sent SMS */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "6d5c4b3a-2f1e-4d0c-9b8a-7f6e5d4c3b2a",
                     *           "to": "+34612345678",
                     *           "country": "ES",
                     *           "text": "Hola Lucía, su visita es el martes a las 10:00. Reformas Demo",
                     *           "encoding": "GSM-7",
                     *           "segments": 1,
                     *           "price_per_segment": 0.07,
                     *           "cost": 0.07,
                     *           "currency": "EUR",
                     *           "status": "sent",
                     *           "refunded": false,
                     *           "provider_message_id": "SM3f9a0c2b7d5e4f6a8b1c2d3e4f5a6b7c",
                     *           "failure_reason": null,
                     *           "created_at": "2026-04-26T09:50:00.000Z",
                     *           "sent_at": "2026-04-26T09:50:01.000Z"
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "offset": 0
                     *     }
                     */
                    "application/json": components["schemas"]["SmsHistoryPage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    listMailboxes: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description Zero-based row offset, at least 0 (negative values are clamped); a value that is not a number means 0. */
                offset?: number;
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of mailboxes */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "1e2d3c4b-5a69-4788-9766-554433221100",
                     *           "address": "info@reformasdemo.es",
                     *           "name": "Información",
                     *           "kind": "shared",
                     *           "supports": {
                     *             "folders": true,
                     *             "conversations": true
                     *           },
                     *           "last_synced_at": "2026-04-26T09:55:00.000Z",
                     *           "created_at": "2026-01-10T08:00:00.000Z"
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "offset": 0
                     *     }
                     */
                    "application/json": components["schemas"]["MailboxPage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    listWhatsAppConnections: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description page.next_cursor of the previous page; omit it for the first page. Opaque: pass it back unchanged. */
                cursor?: string;
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of numbers */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "0b5e2f9a-3c1d-4e6f-8a7b-9c0d1e2f3a4b",
                     *           "phone_number": "+34910000000",
                     *           "display_name": "Reformas Demo",
                     *           "status": "connected",
                     *           "connected_at": "2026-01-10T10:00:00.000Z",
                     *           "created_at": "2026-01-10T10:00:00.000Z"
                     *         }
                     *       ],
                     *       "page": {
                     *         "has_more": false,
                     *         "next_cursor": null
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["WhatsAppConnectionPage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    checkWhatsAppPhones: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "phones": [
                 *         "+34612345678",
                 *         "612 345 679",
                 *         "+34900123456"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["WhatsAppCheckInput"];
            };
        };
        responses: {
            /** @description One entry per phone */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "input": "+34612345678",
                     *           "e164": "+34612345678",
                     *           "country": "ES",
                     *           "window_open": true,
                     *           "window_expires_at": "2026-03-03T09:08:00.000Z",
                     *           "can_send": "text",
                     *           "reserved_for_external_bot": false,
                     *           "reason": null
                     *         },
                     *         {
                     *           "input": "+34900123456",
                     *           "e164": "+34900123456",
                     *           "country": "ES",
                     *           "window_open": false,
                     *           "window_expires_at": null,
                     *           "can_send": "none",
                     *           "reserved_for_external_bot": false,
                     *           "reason": "A toll-free number cannot be on WhatsApp."
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["WhatsAppCheckResult"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            503: components["responses"]["Problem503OnWrite"];
        };
    };
    pollWhatsAppMessages: {
        parameters: {
            query?: {
                /** @description `next_since` of the previous poll; omit it to read from the oldest message. A value the API did not give out reads from the oldest message again (`restarted`). */
                since?: string;
                /** @description How many, clamped to 1..100; a value that is not a number means 50. */
                limit?: number;
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Messages after the position, and the next position */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d",
                     *           "conversation_id": "7d1c3c52-8f0e-4b8e-9d7e-2f0a1c9b5e11",
                     *           "connection_id": "0b5e2f9a-3c1d-4e6f-8a7b-9c0d1e2f3a4b",
                     *           "direction": "inbound",
                     *           "type": "text",
                     *           "author": "contact",
                     *           "contact_phone": "+34612345678",
                     *           "text": "¿Pueden venir el jueves?",
                     *           "media": null,
                     *           "template": null,
                     *           "status": "delivered",
                     *           "provider_message_id": null,
                     *           "error": null,
                     *           "created_at": "2026-03-02T09:15:00.000Z",
                     *           "sent_at": null,
                     *           "delivered_at": null,
                     *           "read_at": null,
                     *           "failed_at": null
                     *         }
                     *       ],
                     *       "next_since": "WzEsMTIzLCIiXQ.3f9a0c1b2d3e4f5a6b",
                     *       "has_more": false,
                     *       "restarted": false
                     *     }
                     */
                    "application/json": components["schemas"]["WhatsAppPoll"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    sendWhatsAppMessage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "to": "+34612345678",
                 *       "type": "template",
                 *       "template": {
                 *         "name": "appointment_reminder",
                 *         "language": "es",
                 *         "parameters": [
                 *           "Lucía",
                 *           "jueves 10:00"
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["WhatsAppSendInput"];
            };
        };
        responses: {
            /** @description The message, sent */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d",
                     *       "conversation_id": "7d1c3c52-8f0e-4b8e-9d7e-2f0a1c9b5e11",
                     *       "connection_id": "0b5e2f9a-3c1d-4e6f-8a7b-9c0d1e2f3a4b",
                     *       "direction": "outbound",
                     *       "type": "template",
                     *       "author": "api",
                     *       "contact_phone": "+34612345678",
                     *       "text": null,
                     *       "media": null,
                     *       "template": {
                     *         "name": "appointment_reminder",
                     *         "language": "es",
                     *         "parameters": [
                     *           "Lucía",
                     *           "jueves 10:00"
                     *         ]
                     *       },
                     *       "status": "sent",
                     *       "provider_message_id": "wamid.HBgLMzQ2MTIzNDU2NzgVAgARGBI5QTNDQTVCM0Q0Q0Q2RTY3RTcA",
                     *       "error": null,
                     *       "created_at": "2026-03-02T09:15:00.000Z",
                     *       "sent_at": "2026-03-02T09:15:00.000Z",
                     *       "delivered_at": null,
                     *       "read_at": null,
                     *       "failed_at": null
                     *     }
                     */
                    "application/json": components["schemas"]["WhatsAppMessage"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            422: components["responses"]["Problem422OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
            502: components["responses"]["Problem502OnWrite"];
        };
    };
    listWhatsAppTemplates: {
        parameters: {
            query?: {
                /** @description How many, clamped to 1..100; a value that is not a number means 50. */
                limit?: number;
                /** @description page.next_cursor of the previous page */
                cursor?: string;
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of templates */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "1000000000000001",
                     *           "name": "appointment_reminder",
                     *           "language": "es",
                     *           "category": "UTILITY",
                     *           "status": "APPROVED",
                     *           "components": [
                     *             {
                     *               "type": "BODY",
                     *               "text": "Hola {{1}}, le recordamos su cita del {{2}}."
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "page": {
                     *         "has_more": false,
                     *         "next_cursor": null
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["WhatsAppTemplatePage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
            502: components["responses"]["Problem502"];
        };
    };
    showWhatsAppTyping: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "message_id": "5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d"
                 *     }
                 */
                "application/json": components["schemas"]["WhatsAppTypingInput"];
            };
        };
        responses: {
            /** @description The message, read */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": {
                     *         "id": "5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d",
                     *         "conversation_id": "7d1c3c52-8f0e-4b8e-9d7e-2f0a1c9b5e11",
                     *         "connection_id": "0b5e2f9a-3c1d-4e6f-8a7b-9c0d1e2f3a4b",
                     *         "direction": "inbound",
                     *         "type": "text",
                     *         "author": "contact",
                     *         "contact_phone": "+34612345678",
                     *         "text": "Buenos días, le confirmo la visita del jueves a las 10:00.",
                     *         "media": null,
                     *         "template": null,
                     *         "status": "read",
                     *         "provider_message_id": null,
                     *         "error": null,
                     *         "created_at": "2026-03-02T09:15:00.000Z",
                     *         "sent_at": null,
                     *         "delivered_at": null,
                     *         "read_at": "2026-03-02T09:16:00.000Z",
                     *         "failed_at": null
                     *       },
                     *       "typing": true
                     *     }
                     */
                    "application/json": components["schemas"]["WhatsAppTyping"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            422: components["responses"]["Problem422OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            502: components["responses"]["Problem502OnWrite"];
            503: components["responses"]["Problem503OnWrite"];
        };
    };
    reserveWhatsAppThread: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "phone": "+34612345678"
                 *     }
                 */
                "application/json": components["schemas"]["WhatsAppWhitelistInput"];
            };
        };
        responses: {
            /** @description The phone, reserved */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "phone": "+34612345678",
                     *       "reserved_for_external_bot": true,
                     *       "reserved_at": "2026-03-02T09:00:00.000Z",
                     *       "changed": true
                     *     }
                     */
                    "application/json": components["schemas"]["WhatsAppWhitelistEntry"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            422: components["responses"]["Problem422OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
            503: components["responses"]["Problem503OnWrite"];
        };
    };
    releaseWhatsAppThread: {
        parameters: {
            query: {
                /** @description Any usual notation; without a country code it is read in the company's default region */
                phone: string;
            };
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The phone, returned to the automation */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "phone": "+34612345678",
                     *       "reserved_for_external_bot": false,
                     *       "reserved_at": null,
                     *       "changed": true
                     *     }
                     */
                    "application/json": components["schemas"]["WhatsAppWhitelistEntry"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            422: components["responses"]["Problem422OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
            503: components["responses"]["Problem503OnWrite"];
        };
    };
    getAgencyStats: {
        parameters: {
            query?: {
                /** @description tree (the default): every subaccount of the tree, at any level the agency reaches; direct: its direct subaccounts only */
                scope?: "tree" | "direct";
                /** @description First day of the period (YYYY-MM-DD); default: 29 days before `to`, so the period is 30 days */
                from?: string;
                /** @description Last day of the period, included (YYYY-MM-DD); default: today in the agency's time zone. Before `from` is 400 */
                to?: string;
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The channel's figures */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "scope": "tree",
                     *       "period": {
                     *         "from": "2026-03-01",
                     *         "to": "2026-03-30",
                     *         "days": 30
                     *       },
                     *       "subaccounts": {
                     *         "total": 12,
                     *         "active": 11,
                     *         "suspended": 1,
                     *         "created_in_period": 2
                     *       },
                     *       "calls": 4210,
                     *       "minutes": 9876.5,
                     *       "spend": [
                     *         {
                     *           "currency": "EUR",
                     *           "amount": 1520.35
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["AgencyStats"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    createSubaccount: {
        parameters: {
            query?: never;
            header: {
                /** @description Required on spending operations (gate S): without it the answer is 400 `idempotency_key_required`. Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key": components["parameters"]["IdempotencyKeyRequired"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Clínica Dental Sonrisa SL",
                 *       "plan": "Business",
                 *       "owner_email": "owner@sonrisa.example"
                 *     }
                 */
                "application/json": components["schemas"]["CreateSubaccountInput"];
            };
        };
        responses: {
            /** @description The subaccount, and what its setup cost */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "5f0c7a9e-2b1d-4c3e-8f6a-7b8c9d0e1f2a",
                     *       "name": "Clínica Dental Sonrisa SL",
                     *       "plan": "Business",
                     *       "status": "active",
                     *       "owner_email": "owner@sonrisa.example",
                     *       "agency_id": "0d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6",
                     *       "created_at": "2026-03-02T10:00:00.000Z",
                     *       "updated_at": "2026-03-02T10:00:00.000Z",
                     *       "setup_charge": {
                     *         "amount": 49,
                     *         "currency": "EUR",
                     *         "transaction_id": "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CreatedSubaccount"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
            503: components["responses"]["Problem503OnWrite"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description Zero-based row offset, at least 0 (negative values are clamped); a value that is not a number means 0. */
                offset?: number;
                /** @description Only successful (true) or failed (false) attempts */
                success?: boolean;
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of attempts */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "e5a7c9b1-3d5f-4a7c-9b1d-3f5a7c9e1b3d",
                     *           "delivery_id": "f6b8d0c2-4e6a-4b8d-8c2e-4a6b8d0f2c4e",
                     *           "delivery_status": "succeeded",
                     *           "event_id": "a7c9e1d3-5f7b-4c9e-9d3f-5b7c9e1a3d5f",
                     *           "event_type": "budget.created",
                     *           "attempt": 1,
                     *           "trigger": "scheduled",
                     *           "url": "https://hooks.example.com/api",
                     *           "success": true,
                     *           "status_code": 200,
                     *           "duration_ms": 143,
                     *           "error": null,
                     *           "next_retry_at": null,
                     *           "created_at": "2026-04-26T10:15:31.000Z"
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "offset": 0
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookDeliveryAttemptPage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    getEventCatalog: {
        parameters: {
            query?: never;
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event types */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "type": "budget.created",
                     *           "description": "A draft budget was created through the API.",
                     *           "schema": {
                     *             "$schema": "https://json-schema.org/draft/2020-12/schema",
                     *             "type": "object",
                     *             "properties": {
                     *               "id": {
                     *                 "type": "string",
                     *                 "format": "uuid",
                     *                 "pattern": "^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$"
                     *               },
                     *               "budget_number": {
                     *                 "type": "string"
                     *               },
                     *               "status": {
                     *                 "type": "string",
                     *                 "const": "draft"
                     *               },
                     *               "client_name": {
                     *                 "type": "string"
                     *               },
                     *               "client_email": {
                     *                 "type": [
                     *                   "string",
                     *                   "null"
                     *                 ]
                     *               },
                     *               "document_currency": {
                     *                 "type": "string"
                     *               },
                     *               "subtotal": {
                     *                 "type": "number"
                     *               },
                     *               "iva_amount": {
                     *                 "type": "number"
                     *               },
                     *               "total": {
                     *                 "type": "number"
                     *               },
                     *               "created_at": {
                     *                 "type": "string"
                     *               }
                     *             },
                     *             "required": [
                     *               "id",
                     *               "budget_number",
                     *               "status",
                     *               "client_name",
                     *               "client_email",
                     *               "document_currency",
                     *               "subtotal",
                     *               "iva_amount",
                     *               "total",
                     *               "created_at"
                     *             ],
                     *             "additionalProperties": false
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["EventCatalog"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    replayWebhookDelivery: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "delivery_id": "f6b8d0c2-4e6a-4b8d-8c2e-4a6b8d0f2c4e"
                 *     }
                 */
                "application/json": components["schemas"]["ReplayDelivery"];
            };
        };
        responses: {
            /** @description The replay was queued */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "delivery_id": "b8d0f2e4-6a8c-4d0f-8e4a-6c8d0f2b4e6a",
                     *       "replay_of": "f6b8d0c2-4e6a-4b8d-8c2e-4a6b8d0f2c4e",
                     *       "event_id": "a7c9e1d3-5f7b-4c9e-9d3f-5b7c9e1a3d5f",
                     *       "status": "pending"
                     *     }
                     */
                    "application/json": components["schemas"]["ReplayedDelivery"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
        };
    };
    revokeTeamInvite: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of an invite of the key's company */
                invite_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revoked invitation */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3c5e7a9b-1d3f-4c5e-8a9b-1d3f5c7e9a1b",
                     *       "email": "marc@acme.example",
                     *       "role": {
                     *         "id": "1b3d5f7a-9c1e-4b3d-8f5a-7c9e1b3d5f7a",
                     *         "name": "Supervisor"
                     *       },
                     *       "invited_by": "8f0a2c4e-6b8d-4f0a-9c4e-6b8d0f2a4c6e",
                     *       "status": "revoked",
                     *       "expires_at": "2026-05-03T10:00:00.000Z",
                     *       "accepted_at": null,
                     *       "revoked_at": "2026-04-26T10:15:30.000Z",
                     *       "created_at": "2026-04-26T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["TeamInvite"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
        };
    };
    cancelAddon: {
        parameters: {
            query?: never;
            header: {
                /** @description Required on spending operations (gate S): without it the answer is 400 `idempotency_key_required`. Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key": components["parameters"]["IdempotencyKeyRequired"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description The add-on's type (GET /billing/addons); one not hired, or not in the catalogue, is 404 */
                addon_type: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cancelled */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "extra_concurrent_calls",
                     *       "hired": false,
                     *       "cancelled_at": "2026-04-30T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["CancelledAddon"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
            503: components["responses"]["Problem503OnWrite"];
        };
    };
    updateKnowledgeBaseCollection: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of a collection of one of the company's knowledge bases (a UUID; anything else is 400) */
                collection_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Billing, wallet and invoices",
                 *       "description": "Everything about paying for the service."
                 *     }
                 */
                "application/json": components["schemas"]["UpdateKnowledgeBaseCollectionInput"];
            };
        };
        responses: {
            /** @description The collection after the change */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "2b7c9d0e-1f2a-4b3c-8d4e-5f6a7b8c9d0e",
                     *       "kb_id": "8f1e2d3c-4b5a-4697-8877-66554433a2b1",
                     *       "name": "Billing, wallet and invoices",
                     *       "description": "Everything about paying for the service.",
                     *       "document_count": 9,
                     *       "created_at": "2026-01-10T09:00:00.000Z",
                     *       "updated_at": "2026-11-20T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["KnowledgeBaseCollection"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
        };
    };
    updateSubaccountStatus: {
        parameters: {
            query?: never;
            header: {
                /** @description Required on spending operations (gate S): without it the answer is 400 `idempotency_key_required`. Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key": components["parameters"]["IdempotencyKeyRequired"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of an account of the key's company's tree (a child, a grandchild, ... down to the configured depth); any other id, existing or not, is 404 */
                subaccount_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "status": "suspended"
                 *     }
                 */
                "application/json": components["schemas"]["UpdateSubaccountStatusInput"];
            };
        };
        responses: {
            /** @description The subaccount after the change */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "5f0c7a9e-2b1d-4c3e-8f6a-7b8c9d0e1f2a",
                     *       "name": "Clínica Dental Sonrisa SL",
                     *       "plan": "Business",
                     *       "status": "suspended",
                     *       "owner_email": "owner@sonrisa.example",
                     *       "agency_id": "0d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6",
                     *       "created_at": "2026-03-02T10:00:00.000Z",
                     *       "updated_at": "2026-03-20T08:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Subaccount"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
            503: components["responses"]["Problem503OnWrite"];
        };
    };
    getContact: {
        parameters: {
            query?: never;
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of a contact of the key's company */
                contact_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The contact */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "2f4e6a8c-0b1d-4e3f-9a5b-7c9d1e3f5a7b",
                     *       "name": "Lucía García",
                     *       "first_name": "Lucía",
                     *       "last_name": "García",
                     *       "phone": "+34612345678",
                     *       "email": "lucia@acme.example",
                     *       "company": "Acme SL",
                     *       "tags": [
                     *         "lead",
                     *         "madrid"
                     *       ],
                     *       "notes": "Prefers calls in the morning.",
                     *       "custom_fields": {
                     *         "plan": "pro",
                     *         "seats": 12,
                     *         "newsletter": true
                     *       },
                     *       "source": "api",
                     *       "created_at": "2026-04-26T10:15:30.000Z",
                     *       "updated_at": "2026-04-26T10:15:30.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Contact"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    updateContact: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of a contact of the key's company */
                contact_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "company": "Acme Iberia SL",
                 *       "tags": [
                 *         "customer"
                 *       ],
                 *       "notes": null,
                 *       "custom_fields": {
                 *         "plan": "enterprise",
                 *         "newsletter": null
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["UpdateContactInput"];
            };
        };
        responses: {
            /** @description The contact after the change */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "2f4e6a8c-0b1d-4e3f-9a5b-7c9d1e3f5a7b",
                     *       "name": "Lucía García",
                     *       "first_name": "Lucía",
                     *       "last_name": "García",
                     *       "phone": "+34612345678",
                     *       "email": "lucia@acme.example",
                     *       "company": "Acme SL",
                     *       "tags": [
                     *         "lead",
                     *         "madrid"
                     *       ],
                     *       "notes": "Prefers calls in the morning.",
                     *       "custom_fields": {
                     *         "plan": "pro",
                     *         "seats": 12,
                     *         "newsletter": true
                     *       },
                     *       "source": "api",
                     *       "created_at": "2026-04-26T10:15:30.000Z",
                     *       "updated_at": "2026-04-26T10:15:30.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Contact"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
        };
    };
    getContactList: {
        parameters: {
            query?: never;
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of a contact list of the key's company */
                list_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "4a6c8e0b-2d4f-4a6c-8e0b-2d4f6a8c0e2b",
                     *       "name": "Spring campaign",
                     *       "description": "Leads from the March fair",
                     *       "member_count": 42,
                     *       "created_at": "2026-03-20T09:00:00.000Z",
                     *       "updated_at": "2026-04-26T10:15:30.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ContactList"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    updateContactList: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of a contact list of the key's company */
                list_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Spring campaign 2026",
                 *       "description": null
                 *     }
                 */
                "application/json": components["schemas"]["UpdateContactListInput"];
            };
        };
        responses: {
            /** @description The list after the change */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "4a6c8e0b-2d4f-4a6c-8e0b-2d4f6a8c0e2b",
                     *       "name": "Spring campaign 2026",
                     *       "description": null,
                     *       "member_count": 42,
                     *       "created_at": "2026-03-20T09:00:00.000Z",
                     *       "updated_at": "2026-04-26T10:15:30.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ContactList"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
        };
    };
    getAnnouncement: {
        parameters: {
            query?: never;
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of an announcement the key's company received */
                announcement_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The announcement */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "c1e3a5b7-9d1f-4e3a-8b7d-9f1e3a5c7b9d",
                     *       "category": "maintenance",
                     *       "title": "Planned maintenance of the telephony network",
                     *       "body": "On Sunday from 02:00 to 04:00 UTC calls may drop for a few seconds.",
                     *       "published_at": "2026-04-24T16:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Announcement"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    getAgent: {
        parameters: {
            query?: never;
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of an agent of the key's company */
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The agent */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "9a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
                     *       "name": "Recepcionista",
                     *       "language": "es-ES",
                     *       "voice": "es-ES-elena",
                     *       "greeting": "Hola, gracias por llamar. ¿En qué puedo ayudarle?",
                     *       "prompt": "Eres la recepcionista de la empresa.",
                     *       "status": "active",
                     *       "template_id": "receptionist-es",
                     *       "latest_version": 4,
                     *       "published_version": 3,
                     *       "created_at": "2026-01-15T09:00:00.000Z",
                     *       "updated_at": "2026-04-26T10:15:30.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Agent"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    updateAgent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of an agent of the key's company */
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "greeting": "Hola, gracias por llamar a Reformas Demo. ¿En qué puedo ayudarle?"
                 *     }
                 */
                "application/json": components["schemas"]["UpdateAgentInput"];
            };
        };
        responses: {
            /** @description The agent after the change */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "9a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
                     *       "name": "Recepcionista",
                     *       "language": "es-ES",
                     *       "voice": "es-ES-elena",
                     *       "greeting": "Hola, gracias por llamar a Reformas Demo. ¿En qué puedo ayudarle?",
                     *       "prompt": "Eres la recepcionista de la empresa.",
                     *       "status": "active",
                     *       "template_id": "receptionist-es",
                     *       "latest_version": 4,
                     *       "published_version": 3,
                     *       "created_at": "2026-01-15T09:00:00.000Z",
                     *       "updated_at": "2026-04-26T10:15:30.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Agent"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
        };
    };
    getCall: {
        parameters: {
            query?: never;
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of a call of the key's company (a UUID; anything else is 400) */
                call_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The call */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "5b0e8f8e-3c1a-4d55-9a53-0f6a2c1d7e42",
                     *       "direction": "inbound",
                     *       "from": "+34612345678",
                     *       "to": "+34912345678",
                     *       "agent_id": "9a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
                     *       "status": "completed",
                     *       "result": "answered",
                     *       "started_at": "2026-04-26T09:30:00.000Z",
                     *       "ended_at": "2026-04-26T09:34:12.000Z",
                     *       "duration_seconds": 252,
                     *       "cost": 0.42,
                     *       "currency": "EUR",
                     *       "labels": [
                     *         {
                     *           "key": "interested",
                     *           "name": "Interested"
                     *         }
                     *       ],
                     *       "members": [
                     *         {
                     *           "member_id": "0d9f6a8e-7b1c-4e2a-9c3d-5f4e3b2a1c0d",
                     *           "assigned_at": "2026-04-26T09:40:00.000Z"
                     *         }
                     *       ],
                     *       "qualification": {
                     *         "verdict": "qualified",
                     *         "score": 87,
                     *         "reason": "Asked for a quote for a kitchen renovation this month.",
                     *         "qualified_at": "2026-04-26T09:35:00.000Z"
                     *       },
                     *       "summary": "The caller wants a quote for a kitchen renovation; visit proposed for Tuesday.",
                     *       "archived": false
                     *     }
                     */
                    "application/json": components["schemas"]["Call"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    deleteSipTrunk: {
        parameters: {
            query?: never;
            header: {
                /** @description Required on spending operations (gate S): without it the answer is 400 `idempotency_key_required`. Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key": components["parameters"]["IdempotencyKeyRequired"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of a SIP trunk of the key's company */
                trunk_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b",
                     *       "deleted": true
                     *     }
                     */
                    "application/json": components["schemas"]["DeletedSipTrunk"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
            503: components["responses"]["Problem503OnWrite"];
        };
    };
    updateSipTrunk: {
        parameters: {
            query?: never;
            header: {
                /** @description Required on spending operations (gate S): without it the answer is 400 `idempotency_key_required`. Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key": components["parameters"]["IdempotencyKeyRequired"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of a SIP trunk of the key's company */
                trunk_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "channels": 20,
                 *       "password": "n3w-s3cret-Passw0rd"
                 *     }
                 */
                "application/json": components["schemas"]["UpdateSipTrunkInput"];
            };
        };
        responses: {
            /** @description The trunk after the change */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b",
                     *       "name": "Main carrier",
                     *       "host": "sip.carrier.example",
                     *       "port": 5060,
                     *       "transport": "udp",
                     *       "username": "acme-sip",
                     *       "password_set": true,
                     *       "caller_id": "+34912345678",
                     *       "channels": 20,
                     *       "monthly_price": 15,
                     *       "currency": "EUR",
                     *       "numbers": 1,
                     *       "created_at": "2026-04-01T09:00:00.000Z",
                     *       "updated_at": "2026-04-01T09:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["SipTrunk"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
            503: components["responses"]["Problem503OnWrite"];
        };
    };
    renameNumber: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of a phone number of the key's company (a UUID; anything else is 400) */
                number_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Madrid sales line"
                 *     }
                 */
                "application/json": components["schemas"]["RenameNumberInput"];
            };
        };
        responses: {
            /** @description The renamed number */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "8a3c2d1e-5f60-4b7a-9c8d-0e1f2a3b4c5d",
                     *       "number": "+34910123456",
                     *       "name": "Madrid sales line",
                     *       "country": "ES",
                     *       "capabilities": [
                     *         "voice",
                     *         "sms",
                     *         "whatsapp"
                     *       ],
                     *       "agent_id": "9a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
                     *       "created_at": "2026-01-10T08:00:00.000Z",
                     *       "updated_at": "2026-04-26T10:15:30.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["PhoneNumber"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
        };
    };
    getEmailTemplate: {
        parameters: {
            query?: never;
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of an email template of the key's company */
                template_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The template */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7b1d3f5a-9c2e-4b6d-8f0a-2c4e6a8b0d1f",
                     *       "name": "Spring offer",
                     *       "subject": "{{first_name}}, your spring renovation offer",
                     *       "body": "<p>Hello {{first_name}},</p><p>Your {{custom_fields.plan}} plan includes a free visit this spring.</p>",
                     *       "text_body": "Hello {{first_name}}, your {{custom_fields.plan}} plan includes a free visit this spring.",
                     *       "placeholders": [
                     *         "first_name",
                     *         "custom_fields.plan"
                     *       ],
                     *       "created_at": "2026-04-20T09:00:00.000Z",
                     *       "updated_at": "2026-04-20T09:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["EmailTemplate"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    updateEmailTemplate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of an email template of the key's company */
                template_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "subject": "{{#first_name}}{{first_name}}, y{{/first_name}}{{^first_name}}Y{{/first_name}}our spring offer",
                 *       "text_body": null
                 *     }
                 */
                "application/json": components["schemas"]["UpdateEmailTemplateInput"];
            };
        };
        responses: {
            /** @description The template after the change */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7b1d3f5a-9c2e-4b6d-8f0a-2c4e6a8b0d1f",
                     *       "name": "Spring offer",
                     *       "subject": "{{#first_name}}{{first_name}}, y{{/first_name}}{{^first_name}}Y{{/first_name}}our spring offer",
                     *       "body": "<p>Hello {{first_name}},</p><p>Your {{custom_fields.plan}} plan includes a free visit this spring.</p>",
                     *       "text_body": null,
                     *       "placeholders": [
                     *         "first_name",
                     *         "custom_fields.plan"
                     *       ],
                     *       "created_at": "2026-04-20T09:00:00.000Z",
                     *       "updated_at": "2026-04-26T10:15:30.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["EmailTemplate"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
        };
    };
    archiveSequence: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of a sequence of the key's company */
                sequence_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The archived sequence */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3c5e7a9b-1d2f-4a6c-8e0b-4d6f8a0c2e4a",
                     *       "name": "Welcome series",
                     *       "status": "archived",
                     *       "steps": [
                     *         {
                     *           "position": 1,
                     *           "template_id": "7b1d3f5a-9c2e-4b6d-8f0a-2c4e6a8b0d1f",
                     *           "delay_days": 0
                     *         },
                     *         {
                     *           "position": 2,
                     *           "template_id": "9d3f5b7c-1e4a-4c8e-9b2d-4f6a8c0e2b4d",
                     *           "delay_days": 3
                     *         }
                     *       ],
                     *       "enrolled_count": 12,
                     *       "created_at": "2026-04-20T09:00:00.000Z",
                     *       "updated_at": "2026-04-26T10:15:30.000Z",
                     *       "archived_at": "2026-04-26T10:15:30.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Sequence"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
        };
    };
    updateSequence: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of a sequence of the key's company */
                sequence_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Welcome series (2026)"
                 *     }
                 */
                "application/json": components["schemas"]["UpdateSequenceInput"];
            };
        };
        responses: {
            /** @description The sequence after the change */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3c5e7a9b-1d2f-4a6c-8e0b-4d6f8a0c2e4a",
                     *       "name": "Welcome series (2026)",
                     *       "status": "active",
                     *       "steps": [
                     *         {
                     *           "position": 1,
                     *           "template_id": "7b1d3f5a-9c2e-4b6d-8f0a-2c4e6a8b0d1f",
                     *           "delay_days": 0
                     *         },
                     *         {
                     *           "position": 2,
                     *           "template_id": "9d3f5b7c-1e4a-4c8e-9b2d-4f6a8c0e2b4d",
                     *           "delay_days": 3
                     *         }
                     *       ],
                     *       "enrolled_count": 12,
                     *       "created_at": "2026-04-20T09:00:00.000Z",
                     *       "updated_at": "2026-04-20T09:00:00.000Z",
                     *       "archived_at": null
                     *     }
                     */
                    "application/json": components["schemas"]["Sequence"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
        };
    };
    getCampaign: {
        parameters: {
            query?: never;
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of a campaign of the key's company */
                campaign_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The campaign */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "5e7a9c1b-3d4f-4a6c-8e0b-6d8f0a2c4e6b",
                     *       "name": "Spring renovation offer",
                     *       "agent_id": "8a0c2e4b-6d8f-4a1c-9e3b-5d7f9b1d3f5a",
                     *       "template_id": "7b1d3f5a-9c2e-4b6d-8f0a-2c4e6a8b0d1f",
                     *       "status": "sending",
                     *       "scheduled_at": null,
                     *       "list_count": 2,
                     *       "counts": {
                     *         "enrolled": 240,
                     *         "pending": 140,
                     *         "queued": 0,
                     *         "sent": 98,
                     *         "failed": 2,
                     *         "skipped_no_email": 12,
                     *         "skipped_unsubscribed": 3
                     *       },
                     *       "enrolled_at": "2026-04-26T10:00:00.000Z",
                     *       "created_at": "2026-04-20T09:00:00.000Z",
                     *       "updated_at": "2026-04-26T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Campaign"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    updateCampaign: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of a campaign of the key's company */
                campaign_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Spring offer (second wave)",
                 *       "status": "scheduled",
                 *       "scheduled_at": "2027-05-04T08:00:00+02:00"
                 *     }
                 */
                "application/json": components["schemas"]["UpdateCampaignInput"];
            };
        };
        responses: {
            /** @description The campaign after the change */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "5e7a9c1b-3d4f-4a6c-8e0b-6d8f0a2c4e6b",
                     *       "name": "Spring offer (second wave)",
                     *       "agent_id": "8a0c2e4b-6d8f-4a1c-9e3b-5d7f9b1d3f5a",
                     *       "template_id": "7b1d3f5a-9c2e-4b6d-8f0a-2c4e6a8b0d1f",
                     *       "status": "scheduled",
                     *       "scheduled_at": "2027-05-04T06:00:00.000Z",
                     *       "list_count": 0,
                     *       "counts": {
                     *         "enrolled": 0,
                     *         "pending": 0,
                     *         "queued": 0,
                     *         "sent": 0,
                     *         "failed": 0,
                     *         "skipped_no_email": 0,
                     *         "skipped_unsubscribed": 0
                     *       },
                     *       "enrolled_at": null,
                     *       "created_at": "2026-04-20T09:00:00.000Z",
                     *       "updated_at": "2026-04-20T09:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Campaign"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
        };
    };
    getConversation: {
        parameters: {
            query?: never;
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of a conversation of the key's company (a UUID; anything else is 400) */
                conversation_uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The conversation */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7d1c3c52-8f0e-4b8e-9d7e-2f0a1c9b5e11",
                     *       "connection": {
                     *         "id": "0b5e2f9a-3c1d-4e6f-8a7b-9c0d1e2f3a4b",
                     *         "phone_number": "+34910000000"
                     *       },
                     *       "contact": {
                     *         "phone": "+34612345678",
                     *         "name": "Lucía García",
                     *         "contact_id": "3f2e1d0c-9b8a-4765-8432-10fedcba9876"
                     *       },
                     *       "status": "open",
                     *       "mode": "human",
                     *       "taken_over_by": {
                     *         "key_id": "key_0123456789abcdef0123456789abcdef",
                     *         "name": "Support desk"
                     *       },
                     *       "taken_over_at": "2026-03-02T09:10:00.000Z",
                     *       "reserved_for_external_bot": false,
                     *       "window_open": true,
                     *       "last_message_at": "2026-03-02T09:08:00.000Z",
                     *       "last_message_preview": "¿Pueden venir el jueves por la mañana?",
                     *       "unread_count": 1,
                     *       "created_at": "2026-03-01T18:00:00.000Z",
                     *       "updated_at": "2026-03-02T09:10:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Conversation"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    getSubaccount: {
        parameters: {
            query?: never;
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of an account of the key's company's tree (a child, a grandchild, ... down to the configured depth); any other id, existing or not, is 404 */
                subaccount_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subaccount */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "5f0c7a9e-2b1d-4c3e-8f6a-7b8c9d0e1f2a",
                     *       "name": "Clínica Dental Sonrisa SL",
                     *       "plan": "Business",
                     *       "status": "active",
                     *       "owner_email": "owner@sonrisa.example",
                     *       "agency_id": "0d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6",
                     *       "created_at": "2026-03-02T10:00:00.000Z",
                     *       "updated_at": "2026-03-02T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Subaccount"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    rotateApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of the calling key (`key_<32 hex>`) */
                key_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new key */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "key_id": "key_8d1e0b6f2a9c4e3d7b5a1f0e9d8c7b6a",
                     *       "api_key": "svc_test_3c9e1f4a7b2d4e8f9a0b1c2d3e4f5a6b4f9a1c2e8b7d6f5a3e0c9b8a7d6e5f4c3b2a1908f7e6d5c4b3a2918f7e6d5c4a",
                     *       "name": "Billing integration",
                     *       "scopes": [
                     *         "budgets:read",
                     *         "budgets:write"
                     *       ],
                     *       "created_at": "2026-04-26T10:15:30.000Z",
                     *       "replaces": "key_3f0c9a7e5b2d4c18a6e0f1b2c3d4e5f6"
                     *     }
                     */
                    "application/json": components["schemas"]["RotatedKey"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
        };
    };
    listContactListMembers: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description Zero-based row offset, at least 0 (negative values are clamped); a value that is not a number means 0. */
                offset?: number;
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of a contact list of the key's company */
                list_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the list's contacts */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "2f4e6a8c-0b1d-4e3f-9a5b-7c9d1e3f5a7b",
                     *           "name": "Lucía García",
                     *           "first_name": "Lucía",
                     *           "last_name": "García",
                     *           "phone": "+34612345678",
                     *           "email": "lucia@acme.example",
                     *           "company": "Acme SL",
                     *           "tags": [
                     *             "lead",
                     *             "madrid"
                     *           ],
                     *           "notes": "Prefers calls in the morning.",
                     *           "custom_fields": {
                     *             "plan": "pro",
                     *             "seats": 12,
                     *             "newsletter": true
                     *           },
                     *           "source": "api",
                     *           "created_at": "2026-04-26T10:15:30.000Z",
                     *           "updated_at": "2026-04-26T10:15:30.000Z",
                     *           "added_at": "2026-04-26T10:20:00.000Z"
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "offset": 0
                     *     }
                     */
                    "application/json": components["schemas"]["ContactListMemberPage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    addContactListMembers: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of a contact list of the key's company */
                list_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "contact_ids": [
                 *         "2f4e6a8c-0b1d-4e3f-9a5b-7c9d1e3f5a7b",
                 *         "6c8e0a2b-4d6f-4a1c-8e3b-5d7f9a1c3e5b"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["ContactListMembershipInput"];
            };
        };
        responses: {
            /** @description How many contacts joined */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "added": 1,
                     *       "already_members": 1,
                     *       "not_found": []
                     *     }
                     */
                    "application/json": components["schemas"]["ContactListMembersAdded"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
        };
    };
    removeContactListMembers: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of a contact list of the key's company */
                list_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "contact_ids": [
                 *         "2f4e6a8c-0b1d-4e3f-9a5b-7c9d1e3f5a7b",
                 *         "6c8e0a2b-4d6f-4a1c-8e3b-5d7f9a1c3e5b"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["ContactListMembershipInput"];
            };
        };
        responses: {
            /** @description How many contacts left */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "removed": 2,
                     *       "not_members": []
                     *     }
                     */
                    "application/json": components["schemas"]["ContactListMembersRemoved"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
        };
    };
    listAgentVersions: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description Zero-based row offset, at least 0 (negative values are clamped); a value that is not a number means 0. */
                offset?: number;
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of an agent of the key's company */
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of versions */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b",
                     *           "agent_id": "9a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
                     *           "number": 4,
                     *           "base_version": 3,
                     *           "status": "draft",
                     *           "source": "api",
                     *           "created_at": "2026-04-26T10:15:30.000Z",
                     *           "yaml": "base_version: 3\nname: Recepcionista\nlanguage: es-ES\nvoice: es-ES-elena\ngreeting: Hola, gracias por llamar. ¿En qué puedo ayudarle?\nprompt: |\n  Eres la recepcionista de la empresa.\nmax_call_seconds: 600\nend_call_phrases:\n  - adiós\n"
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "offset": 0
                     *     }
                     */
                    "application/json": components["schemas"]["AgentVersionPage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    createAgentVersion: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of an agent of the key's company */
                agent_id: string;
            };
            cookie?: never;
        };
        /** @description The agent.yaml: as JSON `{ "yaml": "<the file>" }` (application/json), the raw file (application/yaml or text/yaml), or multipart/form-data with the file in a part named file. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "yaml": "base_version: 3\nname: Recepcionista\nlanguage: es-ES\nvoice: es-ES-elena\ngreeting: Hola, gracias por llamar. ¿En qué puedo ayudarle?\nprompt: |\n  Eres la recepcionista de la empresa.\nmax_call_seconds: 600\nend_call_phrases:\n  - adiós\n"
                 *     }
                 */
                "application/json": components["schemas"]["AgentYamlUpload"];
                "application/yaml": string;
                "text/yaml": string;
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The agent.yaml file
                     */
                    file: string;
                };
            };
        };
        responses: {
            /** @description The draft version */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b",
                     *       "agent_id": "9a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
                     *       "number": 4,
                     *       "base_version": 3,
                     *       "status": "draft",
                     *       "source": "api",
                     *       "created_at": "2026-04-26T10:15:30.000Z",
                     *       "yaml": "base_version: 3\nname: Recepcionista\nlanguage: es-ES\nvoice: es-ES-elena\ngreeting: Hola, gracias por llamar. ¿En qué puedo ayudarle?\nprompt: |\n  Eres la recepcionista de la empresa.\nmax_call_seconds: 600\nend_call_phrases:\n  - adiós\n"
                     *     }
                     */
                    "application/json": components["schemas"]["AgentVersion"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
        };
    };
    addCallLabel: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of a call of the key's company (a UUID; anything else is 400) */
                call_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "label_key": "interested"
                 *     }
                 */
                "application/json": components["schemas"]["AddCallLabelInput"];
            };
        };
        responses: {
            /** @description Whether the label was added, and the call */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "added": true,
                     *       "call": {
                     *         "id": "5b0e8f8e-3c1a-4d55-9a53-0f6a2c1d7e42",
                     *         "direction": "inbound",
                     *         "from": "+34612345678",
                     *         "to": "+34912345678",
                     *         "agent_id": "9a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
                     *         "status": "completed",
                     *         "result": "answered",
                     *         "started_at": "2026-04-26T09:30:00.000Z",
                     *         "ended_at": "2026-04-26T09:34:12.000Z",
                     *         "duration_seconds": 252,
                     *         "cost": 0.42,
                     *         "currency": "EUR",
                     *         "labels": [
                     *           {
                     *             "key": "interested",
                     *             "name": "Interested"
                     *           }
                     *         ],
                     *         "members": [
                     *           {
                     *             "member_id": "0d9f6a8e-7b1c-4e2a-9c3d-5f4e3b2a1c0d",
                     *             "assigned_at": "2026-04-26T09:40:00.000Z"
                     *           }
                     *         ],
                     *         "qualification": {
                     *           "verdict": "qualified",
                     *           "score": 87,
                     *           "reason": "Asked for a quote for a kitchen renovation this month.",
                     *           "qualified_at": "2026-04-26T09:35:00.000Z"
                     *         },
                     *         "summary": "The caller wants a quote for a kitchen renovation; visit proposed for Tuesday.",
                     *         "archived": false
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["AddCallLabelResult"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
        };
    };
    assignCallMembers: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of a call of the key's company (a UUID; anything else is 400) */
                call_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "member_ids": [
                 *         "0d9f6a8e-7b1c-4e2a-9c3d-5f4e3b2a1c0d"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["AssignCallMembersInput"];
            };
        };
        responses: {
            /** @description The call with its new members */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "5b0e8f8e-3c1a-4d55-9a53-0f6a2c1d7e42",
                     *       "direction": "inbound",
                     *       "from": "+34612345678",
                     *       "to": "+34912345678",
                     *       "agent_id": "9a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
                     *       "status": "completed",
                     *       "result": "answered",
                     *       "started_at": "2026-04-26T09:30:00.000Z",
                     *       "ended_at": "2026-04-26T09:34:12.000Z",
                     *       "duration_seconds": 252,
                     *       "cost": 0.42,
                     *       "currency": "EUR",
                     *       "labels": [
                     *         {
                     *           "key": "interested",
                     *           "name": "Interested"
                     *         }
                     *       ],
                     *       "members": [
                     *         {
                     *           "member_id": "0d9f6a8e-7b1c-4e2a-9c3d-5f4e3b2a1c0d",
                     *           "assigned_at": "2026-04-26T09:40:00.000Z"
                     *         }
                     *       ],
                     *       "qualification": {
                     *         "verdict": "qualified",
                     *         "score": 87,
                     *         "reason": "Asked for a quote for a kitchen renovation this month.",
                     *         "qualified_at": "2026-04-26T09:35:00.000Z"
                     *       },
                     *       "summary": "The caller wants a quote for a kitchen renovation; visit proposed for Tuesday.",
                     *       "archived": false
                     *     }
                     */
                    "application/json": components["schemas"]["Call"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            410: components["responses"]["Problem410OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
        };
    };
    unassignCallMembers: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of a call of the key's company (a UUID; anything else is 400) */
                call_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The call with no members */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "5b0e8f8e-3c1a-4d55-9a53-0f6a2c1d7e42",
                     *       "direction": "inbound",
                     *       "from": "+34612345678",
                     *       "to": "+34912345678",
                     *       "agent_id": "9a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
                     *       "status": "completed",
                     *       "result": "answered",
                     *       "started_at": "2026-04-26T09:30:00.000Z",
                     *       "ended_at": "2026-04-26T09:34:12.000Z",
                     *       "duration_seconds": 252,
                     *       "cost": 0.42,
                     *       "currency": "EUR",
                     *       "labels": [
                     *         {
                     *           "key": "interested",
                     *           "name": "Interested"
                     *         }
                     *       ],
                     *       "members": [],
                     *       "qualification": {
                     *         "verdict": "qualified",
                     *         "score": 87,
                     *         "reason": "Asked for a quote for a kitchen renovation this month.",
                     *         "qualified_at": "2026-04-26T09:35:00.000Z"
                     *       },
                     *       "summary": "The caller wants a quote for a kitchen renovation; visit proposed for Tuesday.",
                     *       "archived": false
                     *     }
                     */
                    "application/json": components["schemas"]["Call"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
        };
    };
    searchKnowledgeBase: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of one of the company's knowledge bases (a UUID; anything else is 400) */
                kb_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "query": "top up the wallet",
                 *       "limit": 5
                 *     }
                 */
                "application/json": components["schemas"]["KnowledgeBaseSearchInput"];
            };
        };
        responses: {
            /** @description The ranked hits */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "kb_id": "8f1e2d3c-4b5a-4697-8877-66554433a2b1",
                     *       "query": "top up the wallet",
                     *       "words": [
                     *         "top",
                     *         "up",
                     *         "the",
                     *         "wallet"
                     *       ],
                     *       "hits": [
                     *         {
                     *           "document_id": "0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d",
                     *           "collection_id": "2b7c9d0e-1f2a-4b3c-8d4e-5f6a7b8c9d0e",
                     *           "title": "Top up your wallet",
                     *           "snippet": "Calls and messages are paid from the <mark>wallet</mark>. <mark>Top</mark> it <mark>up</mark> by card from Billing…",
                     *           "source": "https://help.example.com/billing/top-up",
                     *           "score": 4.2137
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["KnowledgeBaseSearchResult"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
        };
    };
    enrollSequenceContacts: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of a sequence of the key's company */
                sequence_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "contact_ids": [
                 *         "2f4e6a8c-0b1d-4e3f-9a5b-7c9d1e3f5a7b",
                 *         "6c8e0a2b-4d6f-4a1c-8e3b-5d7f9a1c3e5b"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["EnrollInput"];
            };
        };
        responses: {
            /** @description How many contacts were enrolled */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "enrolled": 1,
                     *       "already_enrolled": 1,
                     *       "not_found": []
                     *     }
                     */
                    "application/json": components["schemas"]["EnrollResult"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
        };
    };
    listCampaignAttempts: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description Zero-based row offset, at least 0 (negative values are clamped); a value that is not a number means 0. */
                offset?: number;
                /** @description Only attempts in this status */
                status?: "queued" | "sent" | "failed";
                /** @description Only the attempts to this contact */
                contact_id?: string;
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of a campaign of the key's company */
                campaign_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of attempts */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "1a3c5e7b-9d2f-4b6d-8f0a-3c5e7a9b1d3f",
                     *           "batch_id": "0b2d4f6a-8c1e-4a3c-9e5b-7d9f1b3d5f7a",
                     *           "contact_id": "2f4e6a8c-0b1d-4e3f-9a5b-7c9d1e3f5a7b",
                     *           "email": "lucia@acme.example",
                     *           "subject": "Lucía, your spring renovation offer",
                     *           "status": "sent",
                     *           "failure_reason": null,
                     *           "provider_message_id": "b7bc2f4a-e38e-4336-af7d-e6c392c2f817",
                     *           "created_at": "2026-04-26T10:00:00.000Z",
                     *           "updated_at": "2026-04-26T10:00:05.000Z",
                     *           "sent_at": "2026-04-26T10:00:05.000Z"
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "offset": 0
                     *     }
                     */
                    "application/json": components["schemas"]["CampaignAttemptPage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    listCampaignEnrollments: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description Zero-based row offset, at least 0 (negative values are clamped); a value that is not a number means 0. */
                offset?: number;
                /** @description Only recipients in this status */
                status?: "pending" | "queued" | "sent" | "failed";
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of a campaign of the key's company */
                campaign_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of recipients */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "contact_id": "2f4e6a8c-0b1d-4e3f-9a5b-7c9d1e3f5a7b",
                     *           "email": "lucia@acme.example",
                     *           "status": "sent",
                     *           "enrolled_at": "2026-04-26T10:00:00.000Z",
                     *           "updated_at": "2026-04-26T10:00:05.000Z"
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "offset": 0
                     *     }
                     */
                    "application/json": components["schemas"]["CampaignEnrollmentPage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    listCampaignLists: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description Zero-based row offset, at least 0 (negative values are clamped); a value that is not a number means 0. */
                offset?: number;
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of a campaign of the key's company */
                campaign_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the audience's lists */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "list_id": "4a6c8e0b-2d4f-4a6c-8e0b-2d4f6a8c0e2b",
                     *           "name": "Newsletter subscribers",
                     *           "member_count": 180,
                     *           "added_at": "2026-04-21T09:00:00.000Z"
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "offset": 0
                     *     }
                     */
                    "application/json": components["schemas"]["CampaignAudiencePage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    addCampaignLists: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of a campaign of the key's company */
                campaign_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "list_ids": [
                 *         "4a6c8e0b-2d4f-4a6c-8e0b-2d4f6a8c0e2b"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CampaignAudienceInput"];
            };
        };
        responses: {
            /** @description How many lists joined the audience */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "added": 1,
                     *       "already_in_audience": 0,
                     *       "not_found": []
                     *     }
                     */
                    "application/json": components["schemas"]["CampaignAudienceAdded"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
        };
    };
    removeCampaignLists: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of a campaign of the key's company */
                campaign_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "list_ids": [
                 *         "4a6c8e0b-2d4f-4a6c-8e0b-2d4f6a8c0e2b"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CampaignAudienceInput"];
            };
        };
        responses: {
            /** @description How many lists left the audience */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "removed": 1,
                     *       "not_in_audience": [],
                     *       "not_found": []
                     *     }
                     */
                    "application/json": components["schemas"]["CampaignAudienceRemoved"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
        };
    };
    dispatchCampaign: {
        parameters: {
            query?: never;
            header: {
                /** @description Required on spending operations (gate S): without it the answer is 400 `idempotency_key_required`. Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key": components["parameters"]["IdempotencyKeyRequired"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of a campaign of the key's company */
                campaign_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "batch_size": 100
                 *     }
                 */
                "application/json": components["schemas"]["DispatchCampaignInput"];
            };
        };
        responses: {
            /** @description The batch queued and the campaign after it */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "campaign": {
                     *         "id": "5e7a9c1b-3d4f-4a6c-8e0b-6d8f0a2c4e6b",
                     *         "name": "Spring renovation offer",
                     *         "agent_id": "8a0c2e4b-6d8f-4a1c-9e3b-5d7f9b1d3f5a",
                     *         "template_id": "7b1d3f5a-9c2e-4b6d-8f0a-2c4e6a8b0d1f",
                     *         "status": "sending",
                     *         "scheduled_at": null,
                     *         "list_count": 2,
                     *         "counts": {
                     *           "enrolled": 240,
                     *           "pending": 40,
                     *           "queued": 100,
                     *           "sent": 98,
                     *           "failed": 2,
                     *           "skipped_no_email": 12,
                     *           "skipped_unsubscribed": 3
                     *         },
                     *         "enrolled_at": "2026-04-26T10:00:00.000Z",
                     *         "created_at": "2026-04-20T09:00:00.000Z",
                     *         "updated_at": "2026-04-26T10:00:00.000Z"
                     *       },
                     *       "batch": {
                     *         "id": "0b2d4f6a-8c1e-4a3c-9e5b-7d9f1b3d5f7a",
                     *         "recipients": 100,
                     *         "amount_minor": 100,
                     *         "currency": "EUR",
                     *         "unit_price_minor": 1,
                     *         "remaining": 40
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CampaignDispatch"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
            503: components["responses"]["Problem503OnWrite"];
        };
    };
    listMailboxFolders: {
        parameters: {
            query?: never;
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description A mailbox this key can read (GET /inbox/mailboxes) */
                mailbox_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The folders */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "3c4d5e6f-7081-4293-b4c5-d6e7f8091a2b",
                     *           "name": "Inbox",
                     *           "role": "inbox",
                     *           "total": 42,
                     *           "unread": 3
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["MailboxFolderList"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
            501: components["responses"]["Problem501"];
            502: components["responses"]["Problem502"];
        };
    };
    listMailboxMessages: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description Zero-based row offset, at least 0 (negative values are clamped); a value that is not a number means 0. */
                offset?: number;
                /** @description Only messages in this folder (a UUID; anything else is 400) */
                folder_id?: string;
                /** @description Only unread (`true`) or read (`false`) messages; anything else is 400 */
                unread?: "true" | "false";
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description A mailbox this key can read (GET /inbox/mailboxes) */
                mailbox_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of messages */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "2b3c4d5e-6f70-4182-a3b4-c5d6e7f80912",
                     *           "mailbox_id": "1e2d3c4b-5a69-4788-9766-554433221100",
                     *           "folder_id": "3c4d5e6f-7081-4293-b4c5-d6e7f8091a2b",
                     *           "conversation_id": "4d5e6f70-8192-43a4-85d6-e7f8091a2b3c",
                     *           "from": {
                     *             "address": "lucia.fernandez@example.com",
                     *             "name": "Lucía Fernández"
                     *           },
                     *           "to": [
                     *             "info@reformasdemo.es"
                     *           ],
                     *           "cc": [],
                     *           "subject": "Presupuesto cocina",
                     *           "snippet": "Hola, les adjunto las medidas de la cocina para el presupuesto…",
                     *           "read": false,
                     *           "attachment_count": 1,
                     *           "received_at": "2026-04-25T17:20:00.000Z"
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "offset": 0
                     *     }
                     */
                    "application/json": components["schemas"]["MailboxMessagePage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
            501: components["responses"]["Problem501"];
            502: components["responses"]["Problem502"];
        };
    };
    listConversationMessages: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description page.next_cursor of the previous page; omit it for the first page. Opaque: pass it back unchanged. */
                cursor?: string;
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of a conversation of the key's company (a UUID; anything else is 400) */
                conversation_uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of messages */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d",
                     *           "conversation_id": "7d1c3c52-8f0e-4b8e-9d7e-2f0a1c9b5e11",
                     *           "connection_id": "0b5e2f9a-3c1d-4e6f-8a7b-9c0d1e2f3a4b",
                     *           "direction": "outbound",
                     *           "type": "text",
                     *           "author": "team",
                     *           "contact_phone": "+34612345678",
                     *           "text": "Buenos días, le confirmo la visita del jueves a las 10:00.",
                     *           "media": null,
                     *           "template": null,
                     *           "status": "queued",
                     *           "provider_message_id": null,
                     *           "error": null,
                     *           "created_at": "2026-03-02T09:15:00.000Z",
                     *           "sent_at": null,
                     *           "delivered_at": null,
                     *           "read_at": null,
                     *           "failed_at": null
                     *         }
                     *       ],
                     *       "page": {
                     *         "has_more": false,
                     *         "next_cursor": null
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["WhatsAppMessagePage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    replyInConversation: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of a conversation of the key's company (a UUID; anything else is 400) */
                conversation_uuid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "text",
                 *       "text": "Buenos días, le confirmo la visita del jueves a las 10:00."
                 *     }
                 */
                "application/json": components["schemas"]["ConversationReplyInput"];
            };
        };
        responses: {
            /** @description The note, stored */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d",
                     *       "conversation_id": "7d1c3c52-8f0e-4b8e-9d7e-2f0a1c9b5e11",
                     *       "connection_id": "0b5e2f9a-3c1d-4e6f-8a7b-9c0d1e2f3a4b",
                     *       "direction": "outbound",
                     *       "type": "note",
                     *       "author": "team",
                     *       "contact_phone": "+34612345678",
                     *       "text": "Cliente prefiere que le llamen por la tarde.",
                     *       "media": null,
                     *       "template": null,
                     *       "status": null,
                     *       "provider_message_id": null,
                     *       "error": null,
                     *       "created_at": "2026-03-02T09:15:00.000Z",
                     *       "sent_at": null,
                     *       "delivered_at": null,
                     *       "read_at": null,
                     *       "failed_at": null
                     *     }
                     */
                    "application/json": components["schemas"]["WhatsAppMessage"];
                };
            };
            /** @description The reply, queued for sending */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d",
                     *       "conversation_id": "7d1c3c52-8f0e-4b8e-9d7e-2f0a1c9b5e11",
                     *       "connection_id": "0b5e2f9a-3c1d-4e6f-8a7b-9c0d1e2f3a4b",
                     *       "direction": "outbound",
                     *       "type": "text",
                     *       "author": "team",
                     *       "contact_phone": "+34612345678",
                     *       "text": "Buenos días, le confirmo la visita del jueves a las 10:00.",
                     *       "media": null,
                     *       "template": null,
                     *       "status": "queued",
                     *       "provider_message_id": null,
                     *       "error": null,
                     *       "created_at": "2026-03-02T09:15:00.000Z",
                     *       "sent_at": null,
                     *       "delivered_at": null,
                     *       "read_at": null,
                     *       "failed_at": null
                     *     }
                     */
                    "application/json": components["schemas"]["WhatsAppMessage"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
        };
    };
    resumeConversation: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of a conversation of the key's company (a UUID; anything else is 400) */
                conversation_uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The conversation, with the automation */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7d1c3c52-8f0e-4b8e-9d7e-2f0a1c9b5e11",
                     *       "connection": {
                     *         "id": "0b5e2f9a-3c1d-4e6f-8a7b-9c0d1e2f3a4b",
                     *         "phone_number": "+34910000000"
                     *       },
                     *       "contact": {
                     *         "phone": "+34612345678",
                     *         "name": "Lucía García",
                     *         "contact_id": "3f2e1d0c-9b8a-4765-8432-10fedcba9876"
                     *       },
                     *       "status": "open",
                     *       "mode": "ai",
                     *       "taken_over_by": null,
                     *       "taken_over_at": null,
                     *       "reserved_for_external_bot": false,
                     *       "window_open": true,
                     *       "last_message_at": "2026-03-02T09:08:00.000Z",
                     *       "last_message_preview": "¿Pueden venir el jueves por la mañana?",
                     *       "unread_count": 1,
                     *       "created_at": "2026-03-01T18:00:00.000Z",
                     *       "updated_at": "2026-03-02T09:10:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Conversation"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
        };
    };
    takeOverConversation: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of a conversation of the key's company (a UUID; anything else is 400) */
                conversation_uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The conversation, taken over */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7d1c3c52-8f0e-4b8e-9d7e-2f0a1c9b5e11",
                     *       "connection": {
                     *         "id": "0b5e2f9a-3c1d-4e6f-8a7b-9c0d1e2f3a4b",
                     *         "phone_number": "+34910000000"
                     *       },
                     *       "contact": {
                     *         "phone": "+34612345678",
                     *         "name": "Lucía García",
                     *         "contact_id": "3f2e1d0c-9b8a-4765-8432-10fedcba9876"
                     *       },
                     *       "status": "open",
                     *       "mode": "human",
                     *       "taken_over_by": {
                     *         "key_id": "key_0123456789abcdef0123456789abcdef",
                     *         "name": "Support desk"
                     *       },
                     *       "taken_over_at": "2026-03-02T09:10:00.000Z",
                     *       "reserved_for_external_bot": false,
                     *       "window_open": true,
                     *       "last_message_at": "2026-03-02T09:08:00.000Z",
                     *       "last_message_preview": "¿Pueden venir el jueves por la mañana?",
                     *       "unread_count": 1,
                     *       "created_at": "2026-03-01T18:00:00.000Z",
                     *       "updated_at": "2026-03-02T09:10:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Conversation"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
        };
    };
    getSubaccountBranding: {
        parameters: {
            query?: never;
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of an account of the key's company's tree (a child, a grandchild, ... down to the configured depth); any other id, existing or not, is 404 */
                subaccount_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The branding */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "subaccount_id": "5f0c7a9e-2b1d-4c3e-8f6a-7b8c9d0e1f2a",
                     *       "company_name": "Sonrisa Voice",
                     *       "primary_color": "#1A73E8",
                     *       "logo_url": "https://cdn.sonrisa.example/logo.svg",
                     *       "custom_domain": "app.sonrisa.example",
                     *       "custom_domain_verified": false,
                     *       "custom_domain_verified_at": null,
                     *       "dns_record": {
                     *         "type": "TXT",
                     *         "host": "_svc-verify.app.sonrisa.example",
                     *         "value": "svc-verify=5f0c7a9e-2b1d-4c3e-8f6a-7b8c9d0e1f2a"
                     *       },
                     *       "updated_at": "2026-03-02T10:05:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Branding"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    updateSubaccountBranding: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of an account of the key's company's tree (a child, a grandchild, ... down to the configured depth); any other id, existing or not, is 404 */
                subaccount_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "primary_color": "#1A73E8",
                 *       "custom_domain": "app.sonrisa.example"
                 *     }
                 */
                "application/json": components["schemas"]["UpdateBrandingInput"];
            };
        };
        responses: {
            /** @description The branding after the change */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "subaccount_id": "5f0c7a9e-2b1d-4c3e-8f6a-7b8c9d0e1f2a",
                     *       "company_name": "Sonrisa Voice",
                     *       "primary_color": "#1A73E8",
                     *       "logo_url": "https://cdn.sonrisa.example/logo.svg",
                     *       "custom_domain": "app.sonrisa.example",
                     *       "custom_domain_verified": false,
                     *       "custom_domain_verified_at": null,
                     *       "dns_record": {
                     *         "type": "TXT",
                     *         "host": "_svc-verify.app.sonrisa.example",
                     *         "value": "svc-verify=5f0c7a9e-2b1d-4c3e-8f6a-7b8c9d0e1f2a"
                     *       },
                     *       "updated_at": "2026-03-02T10:05:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Branding"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
        };
    };
    getSubaccountPackaging: {
        parameters: {
            query?: never;
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of an account of the key's company's tree (a child, a grandchild, ... down to the configured depth); any other id, existing or not, is 404 */
                subaccount_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The packaging gates */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "subaccount_id": "5f0c7a9e-2b1d-4c3e-8f6a-7b8c9d0e1f2a",
                     *       "allow_signup": false,
                     *       "hide_plans": true,
                     *       "hide_addons": false,
                     *       "updated_at": "2026-03-02T10:10:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Packaging"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    updateSubaccountPackaging: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of an account of the key's company's tree (a child, a grandchild, ... down to the configured depth); any other id, existing or not, is 404 */
                subaccount_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "hide_plans": true
                 *     }
                 */
                "application/json": components["schemas"]["UpdatePackagingInput"];
            };
        };
        responses: {
            /** @description The packaging gates after the change */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "subaccount_id": "5f0c7a9e-2b1d-4c3e-8f6a-7b8c9d0e1f2a",
                     *       "allow_signup": false,
                     *       "hide_plans": true,
                     *       "hide_addons": false,
                     *       "updated_at": "2026-03-02T10:10:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Packaging"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
        };
    };
    verifySubaccountDomain: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of an account of the key's company's tree (a child, a grandchild, ... down to the configured depth); any other id, existing or not, is 404 */
                subaccount_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The outcome of the check */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "custom_domain": "app.sonrisa.example",
                     *       "verified": true,
                     *       "verified_at": "2026-03-02T10:20:00.000Z",
                     *       "dns_record": {
                     *         "type": "TXT",
                     *         "host": "_svc-verify.app.sonrisa.example",
                     *         "value": "svc-verify=5f0c7a9e-2b1d-4c3e-8f6a-7b8c9d0e1f2a"
                     *       },
                     *       "result": "record_found",
                     *       "reason": null,
                     *       "checked_at": "2026-03-02T10:20:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["DomainVerification"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
        };
    };
    removeCallLabel: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a new UUID per logical write is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description Id of a call of the key's company (a UUID; anything else is 400) */
                call_id: string;
                /** @description Key of a label of the company's catalogue (GET /call-labels) */
                label_key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The call without the label */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "5b0e8f8e-3c1a-4d55-9a53-0f6a2c1d7e42",
                     *       "direction": "inbound",
                     *       "from": "+34612345678",
                     *       "to": "+34912345678",
                     *       "agent_id": "9a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
                     *       "status": "completed",
                     *       "result": "answered",
                     *       "started_at": "2026-04-26T09:30:00.000Z",
                     *       "ended_at": "2026-04-26T09:34:12.000Z",
                     *       "duration_seconds": 252,
                     *       "cost": 0.42,
                     *       "currency": "EUR",
                     *       "labels": [],
                     *       "members": [
                     *         {
                     *           "member_id": "0d9f6a8e-7b1c-4e2a-9c3d-5f4e3b2a1c0d",
                     *           "assigned_at": "2026-04-26T09:40:00.000Z"
                     *         }
                     *       ],
                     *       "qualification": {
                     *         "verdict": "qualified",
                     *         "score": 87,
                     *         "reason": "Asked for a quote for a kitchen renovation this month.",
                     *         "qualified_at": "2026-04-26T09:35:00.000Z"
                     *       },
                     *       "summary": "The caller wants a quote for a kitchen renovation; visit proposed for Tuesday.",
                     *       "archived": false
                     *     }
                     */
                    "application/json": components["schemas"]["Call"];
                };
            };
            400: components["responses"]["Problem400OnWrite"];
            401: components["responses"]["Problem401OnWrite"];
            403: components["responses"]["Problem403OnWrite"];
            404: components["responses"]["Problem404OnWrite"];
            409: components["responses"]["Problem409OnWrite"];
            413: components["responses"]["Problem413OnWrite"];
            429: components["responses"]["Problem429OnWrite"];
            500: components["responses"]["Problem500OnWrite"];
        };
    };
    getMailboxMessage: {
        parameters: {
            query?: never;
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description A mailbox this key can read (GET /inbox/mailboxes) */
                mailbox_id: string;
                /** @description A message of the mailbox */
                message_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The message */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "2b3c4d5e-6f70-4182-a3b4-c5d6e7f80912",
                     *       "mailbox_id": "1e2d3c4b-5a69-4788-9766-554433221100",
                     *       "folder_id": "3c4d5e6f-7081-4293-b4c5-d6e7f8091a2b",
                     *       "conversation_id": "4d5e6f70-8192-43a4-85d6-e7f8091a2b3c",
                     *       "from": {
                     *         "address": "lucia.fernandez@example.com",
                     *         "name": "Lucía Fernández"
                     *       },
                     *       "to": [
                     *         "info@reformasdemo.es"
                     *       ],
                     *       "cc": [],
                     *       "subject": "Presupuesto cocina",
                     *       "snippet": "Hola, les adjunto las medidas de la cocina para el presupuesto…",
                     *       "read": false,
                     *       "attachment_count": 1,
                     *       "received_at": "2026-04-25T17:20:00.000Z",
                     *       "body_text": "Hola, les adjunto las medidas de la cocina para el presupuesto.\n\nLucía",
                     *       "body_html": null,
                     *       "attachments": [
                     *         {
                     *           "id": "9f8e7d6c-5b4a-4c3d-9e2f-1a0b9c8d7e6f",
                     *           "file_name": "presupuesto-cocina.pdf",
                     *           "content_type": "application/pdf",
                     *           "size": 48213,
                     *           "downloadable": true
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["MailboxMessage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
            501: components["responses"]["Problem501"];
            502: components["responses"]["Problem502"];
        };
    };
    getMailboxConversation: {
        parameters: {
            query?: never;
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description A mailbox this key can read (GET /inbox/mailboxes) */
                mailbox_id: string;
                /** @description A conversation (thread) of the mailbox: a message's `conversation_id` */
                conversation_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The thread */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "4d5e6f70-8192-43a4-85d6-e7f8091a2b3c",
                     *       "mailbox_id": "1e2d3c4b-5a69-4788-9766-554433221100",
                     *       "subject": "Presupuesto cocina",
                     *       "message_count": 1,
                     *       "last_message_at": "2026-04-25T17:20:00.000Z",
                     *       "messages": [
                     *         {
                     *           "id": "2b3c4d5e-6f70-4182-a3b4-c5d6e7f80912",
                     *           "mailbox_id": "1e2d3c4b-5a69-4788-9766-554433221100",
                     *           "folder_id": "3c4d5e6f-7081-4293-b4c5-d6e7f8091a2b",
                     *           "conversation_id": "4d5e6f70-8192-43a4-85d6-e7f8091a2b3c",
                     *           "from": {
                     *             "address": "lucia.fernandez@example.com",
                     *             "name": "Lucía Fernández"
                     *           },
                     *           "to": [
                     *             "info@reformasdemo.es"
                     *           ],
                     *           "cc": [],
                     *           "subject": "Presupuesto cocina",
                     *           "snippet": "Hola, les adjunto las medidas de la cocina para el presupuesto…",
                     *           "read": false,
                     *           "attachment_count": 1,
                     *           "received_at": "2026-04-25T17:20:00.000Z",
                     *           "body_text": "Hola, les adjunto las medidas de la cocina para el presupuesto.\n\nLucía",
                     *           "body_html": null,
                     *           "attachments": [
                     *             {
                     *               "id": "9f8e7d6c-5b4a-4c3d-9e2f-1a0b9c8d7e6f",
                     *               "file_name": "presupuesto-cocina.pdf",
                     *               "content_type": "application/pdf",
                     *               "size": 48213,
                     *               "downloadable": true
                     *             }
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["MailboxConversation"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
            501: components["responses"]["Problem501"];
            502: components["responses"]["Problem502"];
        };
    };
    listMessageAttachments: {
        parameters: {
            query?: {
                /** @description Page size, clamped to 1..100; a value that is not a number means the default, 50. */
                limit?: number;
                /** @description Zero-based row offset, at least 0 (negative values are clamped); a value that is not a number means 0. */
                offset?: number;
            };
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description A mailbox this key can read (GET /inbox/mailboxes) */
                mailbox_id: string;
                /** @description A message of the mailbox */
                message_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of attachments */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "9f8e7d6c-5b4a-4c3d-9e2f-1a0b9c8d7e6f",
                     *           "file_name": "presupuesto-cocina.pdf",
                     *           "content_type": "application/pdf",
                     *           "size": 48213,
                     *           "downloadable": true
                     *         }
                     *       ],
                     *       "limit": 50,
                     *       "offset": 0
                     *     }
                     */
                    "application/json": components["schemas"]["MailboxAttachmentPage"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
            501: components["responses"]["Problem501"];
            502: components["responses"]["Problem502"];
        };
    };
    downloadMessageAttachment: {
        parameters: {
            query?: never;
            header?: {
                /** @description A bookmark from an earlier response's `X-D1-Bookmark` header: this request then reads data at least as new as that response (for example, a list that includes the resource you just created). Without it, a read may be served by a nearby read replica up to a few seconds behind. Anything but a bookmark this API returned is 400. */
                "X-D1-Bookmark"?: components["parameters"]["D1Bookmark"];
            };
            path: {
                /** @description A mailbox this key can read (GET /inbox/mailboxes) */
                mailbox_id: string;
                /** @description A message of the mailbox */
                message_id: string;
                /** @description An attachment of the message */
                attachment_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The attachment's content */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-D1-Bookmark": components["headers"]["X-D1-Bookmark"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "9f8e7d6c-5b4a-4c3d-9e2f-1a0b9c8d7e6f",
                     *       "file_name": "hola.txt",
                     *       "content_type": "text/plain",
                     *       "size": 5,
                     *       "content_base64": "SG9sYQo="
                     *     }
                     */
                    "application/json": components["schemas"]["MailboxAttachmentContent"];
                };
            };
            400: components["responses"]["Problem400"];
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            404: components["responses"]["Problem404"];
            413: components["responses"]["Problem413"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
            501: components["responses"]["Problem501"];
            502: components["responses"]["Problem502"];
        };
    };
    onAddonCancelled: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AddonCancelledEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onAddonHired: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AddonHiredEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onAgentUpdated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AgentUpdatedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onAgentVersionCreated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AgentVersionCreatedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onAlertUpdated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AlertUpdatedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onBudgetCreated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BudgetCreatedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCalendarOverrideRemoved: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CalendarOverrideRemovedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCalendarOverrideSet: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CalendarOverrideSetEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCalendarScheduleUpdated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CalendarScheduleUpdatedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCallAssigned: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CallAssignedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCallDialled: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CallDialledEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCallLabeled: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CallLabeledEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCallRecorded: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CallRecordedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCallSettled: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CallSettledEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCallUnassigned: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CallUnassignedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCallUnlabeled: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CallUnlabeledEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCampaignAudienceChanged: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CampaignAudienceChangedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCampaignCreated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CampaignCreatedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCampaignDispatched: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CampaignDispatchedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCampaignUpdated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CampaignUpdatedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onContactListCreated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContactListCreatedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onContactListMembersAdded: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContactListMembersAddedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onContactListMembersRemoved: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContactListMembersRemovedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onContactListUpdated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContactListUpdatedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onContactCreated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContactCreatedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onContactUpdated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContactUpdatedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onContactsImported: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContactsImportedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onConversationResumed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConversationResumedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onConversationTakenOver: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConversationTakenOverEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onEmailTemplateCreated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EmailTemplateCreatedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onEmailTemplateUpdated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EmailTemplateUpdatedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onInviteRevoked: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InviteRevokedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onKbCollectionUpdated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["KbCollectionUpdatedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onNumberRenamed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NumberRenamedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onRecadoCreated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecadoCreatedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onSequenceArchived: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SequenceArchivedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onSequenceContactsEnrolled: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SequenceContactsEnrolledEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onSequenceCreated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SequenceCreatedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onSequenceUpdated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SequenceUpdatedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onSipTrunkCreated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SipTrunkCreatedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onSipTrunkDeleted: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SipTrunkDeletedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onSipTrunkUpdated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SipTrunkUpdatedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onSubaccountBrandingUpdated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubaccountBrandingUpdatedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onSubaccountCreated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubaccountCreatedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onSubaccountDomainVerified: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubaccountDomainVerifiedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onSubaccountPackagingUpdated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubaccountPackagingUpdatedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onSubaccountStatusChanged: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubaccountStatusChangedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onSubscriptionChanged: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubscriptionChangedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onWalletToppedUp: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WalletToppedUpEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onWhatsappMessageFailed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WhatsappMessageFailedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onWhatsappMessageSent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WhatsappMessageSentEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onWhatsappWhitelistAdded: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WhatsappWhitelistAddedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onWhatsappWhitelistRemoved: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`id` of the body) */
                "webhook-id": string;
                /** @description Unix seconds of this attempt */
                "webhook-timestamp": string;
                /** @description `v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>` */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WhatsappWhitelistRemovedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the subscription is disabled and no further event is sent. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried later, after `Retry-After` seconds when the answer says so (any other failure is retried on the schedule). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
