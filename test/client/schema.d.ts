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
         * @description What the company pays per minute to call each destination (prefix, country, price per minute in major units, currency, minimum and billing increment), newest first; the longest matching prefix applies. These are the account's own sale rates: never a provider cost, margin or multiplier. Filter: country.
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
         * @description The countries the platform can call (ISO 3166-1 alpha-2 code, name, dialling code), by name. The same for every company.
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
         * @description Stores an agent.yaml as a draft version numbered one past the latest. Send the file as the body (Content-Type application/yaml or text/yaml, UTF-8) or as the part named file of multipart/form-data; at most 65536 bytes. It is parsed as YAML 1.2: a syntax error is 400 with its line and column; a schema error is 400 listing each field's path (`body.<key>`) with its line and column. base_version must be the agent's latest version: otherwise 409 version_conflict, whose latest_version names it. Of concurrent submissions from the same base exactly one is stored; the others answer that 409. Publishing happens in the panel. Emits agent.version_created.
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
}
export interface webhooks {
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
}
export interface components {
    schemas: {
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
            /** @description Only budget is accepted; any fiscal type (invoice, credit_note, ...) is refused with fiscal_document_type */
            document_type?: string | null;
            /** @description Ignored: a created budget is always a draft */
            status?: unknown;
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
        /** @description A call of the company: its ends, agent, result, times, cost, labels, assigned members, qualification and summary. */
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
             * @description How the call ended
             * @enum {string}
             */
            result: "answered" | "no_answer" | "busy" | "failed" | "voicemail" | "cancelled";
            /** Format: date-time */
            started_at: string;
            /** Format: date-time */
            ended_at: string;
            /** Format: int32 */
            duration_seconds: number;
            /**
             * @description What the call cost, in major units of currency
             * @example 0.42
             */
            cost: number;
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
            qualification: components["schemas"]["CallQualificationVerdict"];
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
        } | null;
        /** @description Totals of every call of the filtered period, not only of this page */
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
             * @description Calls in the period
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
        /** @description What the company pays per minute for calls to a destination prefix, and how calls are billed. */
        SaleRate: {
            /** Format: uuid */
            id: string;
            /**
             * @description Dialling prefix without +; the longest matching prefix applies
             * @example 346
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
            event_type: "agent.updated" | "agent.version_created" | "alert.updated" | "budget.created" | "call.assigned" | "call.labeled" | "call.unassigned" | "call.unlabeled" | "contact.created" | "contact.updated" | "contact_list.created" | "contact_list.members_added" | "contact_list.members_removed" | "contact_list.updated" | "contacts.imported" | "invite.revoked" | "number.renamed";
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
            type: "agent.updated" | "agent.version_created" | "alert.updated" | "budget.created" | "call.assigned" | "call.labeled" | "call.unassigned" | "call.unlabeled" | "contact.created" | "contact.updated" | "contact_list.created" | "contact_list.members_added" | "contact_list.members_removed" | "contact_list.updated" | "contacts.imported" | "invite.revoked" | "number.renamed";
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
        /** @description The key that replaces the calling key: same name, scopes and rate-limit window; the secret is shown once. */
        RotatedKey: {
            /** @description Id of the new key */
            key_id: string;
            /** @description The new key (`svc_<env>_<64 hex>`). Shown only in this response; store it now. */
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
        /** @description A problem (RFC 9457) of type `conflict`, `version_conflict`, `idempotency_key_in_use`. */
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
        /** @description A problem (RFC 9457) of type `integration_not_configured`. */
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
    };
    parameters: {
        /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a UUID is recommended. */
        IdempotencyKey: string;
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
            header?: never;
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
            header?: never;
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
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a UUID is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
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
            header?: never;
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
            header?: never;
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
            header?: never;
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
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a UUID is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
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
            header?: never;
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
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a UUID is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
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
            header?: never;
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
            header?: never;
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
            header?: never;
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
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a UUID is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
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
            header?: never;
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
            header?: never;
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
            header?: never;
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
            header?: never;
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
            header?: never;
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
            header?: never;
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e",
                     *           "prefix": "346",
                     *           "country": "ES",
                     *           "destination": "Spain mobile",
                     *           "price_per_minute": 0.045,
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
    getWebhookSubscription: {
        parameters: {
            query?: never;
            header?: never;
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
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a UUID is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
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
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a UUID is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
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
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a UUID is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
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
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a UUID is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
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
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a UUID is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
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
            header?: never;
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
            header?: never;
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
            header?: never;
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
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
        };
    };
    getTeamSeats: {
        parameters: {
            query?: never;
            header?: never;
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
            401: components["responses"]["Problem401"];
            403: components["responses"]["Problem403"];
            429: components["responses"]["Problem429"];
            500: components["responses"]["Problem500"];
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
            header?: never;
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
            header?: never;
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
            header?: never;
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
            header?: never;
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
            header?: never;
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
            header?: never;
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
            header?: never;
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
            header?: never;
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
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a UUID is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
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
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a UUID is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
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
    getContact: {
        parameters: {
            query?: never;
            header?: never;
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
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a UUID is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
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
            header?: never;
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
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a UUID is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
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
            header?: never;
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
            header?: never;
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
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a UUID is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
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
            header?: never;
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
    renameNumber: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a UUID is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
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
    rotateApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a UUID is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
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
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "key_id": "key_8d1e0b6f2a9c4e3d7b5a1f0e9d8c7b6a",
                     *       "api_key": "svc_test_4f9a1c2e8b7d6f5a3e0c9b8a7d6e5f4c3b2a1908f7e6d5c4b3a2918f7e6d5c4a",
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
            header?: never;
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
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a UUID is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
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
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a UUID is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
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
            header?: never;
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
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a UUID is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Id of an agent of the key's company */
                agent_id: string;
            };
            cookie?: never;
        };
        /** @description The agent.yaml: the raw file (application/yaml or text/yaml), or multipart/form-data with the file in a part named file. */
        requestBody: {
            content: {
                /**
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
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a UUID is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
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
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a UUID is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
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
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a UUID is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
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
    removeCallLabel: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a second request with the same key, method, path and body within 24 h gets the first one's response again (with `Idempotent-Replayed: true`) instead of writing twice. 1 to 255 visible ASCII characters; a UUID is recommended. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
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
}
