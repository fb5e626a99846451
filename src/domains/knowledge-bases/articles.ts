/*
 * The demo knowledge bases: help articles a voice-agent platform's customers would read, as data.
 * Short and varied, so that a search ranks them meaningfully (the seed and the tests use them).
 */

export interface Article {
  title: string;
  body: string;
  source: string | null;
}

interface CollectionSeed {
  name: string;
  description: string | null;
  articles: Article[];
}

export interface KnowledgeBaseSeed {
  name: string;
  description: string | null;
  collections: CollectionSeed[];
}

const help = (path: string) => `https://help.example.com/${path}`;

export const helpCentre: KnowledgeBaseSeed = {
  name: "Help centre",
  description: "What customers ask about: billing, calls and voice agents, WhatsApp, the account and the calendar.",
  collections: [
    {
      name: "Billing and wallet",
      description: "Top-ups, invoices, refunds and payment methods.",
      articles: [
        {
          title: "Top up your wallet",
          body: "Calls, SMS and WhatsApp conversations are paid from the wallet. Top it up by card from Billing > Wallet, or by bank transfer with the reference shown there. Card top-ups are available at once; transfers take one or two working days.",
          source: help("billing/top-up"),
        },
        {
          title: "Automatic top-ups",
          body: "Turn on automatic top-ups to recharge the wallet when the balance falls below a threshold you choose. The saved card is charged for the amount you set, at most once an hour, and you receive a receipt by email each time.",
          source: help("billing/auto-top-up"),
        },
        {
          title: "Download your invoices",
          body: "Every monthly invoice and every top-up receipt is listed in Billing > Invoices. Download them as PDF, or have them sent to a billing email address that differs from the account owner's.",
          source: help("billing/invoices"),
        },
        {
          title: "Change the billing details on invoices",
          body: "The company name, tax id and address printed on invoices come from Billing > Details. Changes apply to the next invoice; issued invoices cannot be edited, but a credit note and a new invoice can be requested from support.",
          source: help("billing/details"),
        },
        {
          title: "Request a refund",
          body: "Unused wallet balance can be refunded to the original card within 90 days of the top-up. Open a ticket from Billing > Wallet with the amount; refunds reach the card in five to ten days. Consumed minutes are not refundable.",
          source: help("billing/refunds"),
        },
        {
          title: "Why was my card declined?",
          body: "A card is usually declined because of insufficient funds, an expired card or 3-D Secure not being completed. Try again and complete the bank's verification, or add another card. Repeated declines pause automatic top-ups.",
          source: help("billing/card-declined"),
        },
        {
          title: "Low balance alerts",
          body: "Set an alert in Billing > Alerts to receive an email and a webhook when the wallet balance falls below an amount, or when daily, weekly or monthly spend reaches a limit. Silence an alert for a while from the same page.",
          source: help("billing/alerts"),
        },
        {
          title: "Plans and what they include",
          body: "PAYG pays per use only. Starter, Business and Agency add included minutes, more concurrent calls, rates and team seats. Change plan at any time from Billing > Plan; upgrades apply at once and downgrades at the end of the period.",
          source: help("billing/plans"),
        },
      ],
    },
    {
      name: "Calls and voice agents",
      description: "How the voice agents answer, call, transfer and summarise.",
      articles: [
        {
          title: "Create your first voice agent",
          body: "Start from a template (reception, appointment setter, after-hours line) or from scratch. Give the agent a name, a greeting, a prompt that says what it knows and what it must do, and a voice in the caller's language.",
          source: help("agents/first-agent"),
        },
        {
          title: "Write a good agent prompt",
          body: "Say who the agent is, who calls, what it may promise and when it must hand the call to a person. Keep opening hours, prices and addresses in the knowledge base rather than in the prompt, so they stay current.",
          source: help("agents/prompt"),
        },
        {
          title: "Transfer a call to a person",
          body: "Add a transfer rule so the agent forwards the call to a phone number or an extension when the caller asks for a person, or when it cannot help. Outside working hours the agent takes a message instead.",
          source: help("calls/transfer"),
        },
        {
          title: "Call recordings and summaries",
          body: "Each answered call has a summary and a qualification verdict a minute after it ends. Recordings are kept for 30 days by default; change the retention in Calls > Settings, or turn recording off for your region's rules.",
          source: help("calls/recordings"),
        },
        {
          title: "Why did a call fail?",
          body: "A call fails when the number is unreachable, the destination is not allowed in your rates, or the wallet balance ran out during the call. The call's result and cost are listed in Calls; failed calls are never charged.",
          source: help("calls/failed"),
        },
        {
          title: "Make outbound calls",
          body: "Outbound calls dial contacts from a campaign or through the API. Calls to mobile numbers need the destination country in your rates. Respect local calling hours: the agent will not dial outside the calendar's working hours.",
          source: help("calls/outbound"),
        },
        {
          title: "Choose a voice and a language",
          body: "Voices are listed per language with samples. The agent answers in the voice's language; for bilingual lines, create one agent per language and route callers by number or by a first question.",
          source: help("agents/voices"),
        },
        {
          title: "Call labels and qualification",
          body: "Label calls as interested, call back or appointment booked to filter them later. The qualification verdict (qualified, not qualified, follow up) and its score come from the agent's analysis of the conversation.",
          source: help("calls/labels"),
        },
      ],
    },
    {
      name: "WhatsApp and messaging",
      description: "Connecting WhatsApp Business, templates, SMS and email.",
      articles: [
        {
          title: "Connect WhatsApp Business",
          body: "Connect a WhatsApp Business account from Channels > WhatsApp: sign in with Facebook, choose or create the business portfolio, and verify the phone number by SMS or voice code. The number must not be in use in the WhatsApp app.",
          source: help("whatsapp/connect"),
        },
        {
          title: "WhatsApp message templates",
          body: "Outside the 24-hour customer service window, WhatsApp only allows approved templates. Create templates in Channels > WhatsApp > Templates; Meta reviews them, usually within minutes. Marketing templates are charged per conversation.",
          source: help("whatsapp/templates"),
        },
        {
          title: "The 24-hour window",
          body: "When a customer writes to you, a 24-hour window opens in which the agent can reply freely. After it closes, only a template message can restart the conversation. Each reply from the customer opens the window again.",
          source: help("whatsapp/window"),
        },
        {
          title: "Hand a WhatsApp conversation to a person",
          body: "Take over a conversation from the inbox to reply yourself; the agent stops answering that thread until you resume it. The customer sees no change of number. Taken-over conversations are marked in the list.",
          source: help("whatsapp/takeover"),
        },
        {
          title: "Send SMS",
          body: "SMS are sent from your verified sender number or an alphanumeric sender id where the country allows it. Messages over 160 characters (70 with accents or emoji) are split in parts and each part is charged.",
          source: help("messaging/sms"),
        },
        {
          title: "Set up email sending",
          body: "Verify your domain by adding the TXT and DKIM records shown in Channels > Email to your DNS. Until the domain is verified, emails are sent from a shared address. Verification usually completes within an hour.",
          source: help("messaging/email-domain"),
        },
        {
          title: "Why was my WhatsApp number rejected?",
          body: "A number is rejected when it is still registered in the WhatsApp or WhatsApp Business app, when it cannot receive the verification code, or when the business is not verified by Meta. Delete the app account first, then try again.",
          source: help("whatsapp/number-rejected"),
        },
      ],
    },
    {
      name: "Account, team and security",
      description: "Users, roles, API keys and security settings.",
      articles: [
        {
          title: "Invite your team",
          body: "Invite people from Settings > Team with their email and a role. Invitations expire after seven days and can be revoked before they are accepted. Each active member uses a seat of your plan.",
          source: help("account/team"),
        },
        {
          title: "Roles and permissions",
          body: "Owners manage billing and the team; admins manage agents, numbers and channels; members work with calls, conversations and contacts. Custom roles choose permissions one by one.",
          source: help("account/roles"),
        },
        {
          title: "Create and rotate API keys",
          body: "API keys are created in Settings > API with the scopes they need, such as calls:read or contacts:write. Rotate a key to get a new value while the old one keeps working for a short time; revoke a key that may have leaked.",
          source: help("account/api-keys"),
        },
        {
          title: "Two-factor authentication",
          body: "Turn on two-factor authentication in your profile with an authenticator app. Owners can require it for the whole team; members without it are asked to set it up at their next sign-in.",
          source: help("account/2fa"),
        },
        {
          title: "Webhooks for your systems",
          body: "Subscribe a URL to events such as call ended, contact created or low balance. Deliveries are signed; verify the signature with the secret shown once when you create the subscription. Failed deliveries are retried for a day.",
          source: help("account/webhooks"),
        },
        {
          title: "Delete your account and data",
          body: "The owner can close the account from Settings > Account. Data is deleted after 30 days, invoices are kept as the law requires, and the remaining wallet balance can be refunded on request.",
          source: help("account/delete"),
        },
      ],
    },
    {
      name: "Calendar and bookings",
      description: "Working hours, holidays and the appointments agents book.",
      articles: [
        {
          title: "Set your working hours",
          body: "The calendar holds the company's working hours per weekday in its time zone. Agents only offer appointments inside them, and outbound calls are not dialled outside them. Daylight saving time changes are handled by the time zone.",
          source: help("calendar/hours"),
        },
        {
          title: "Holidays and special days",
          body: "Close a date for a holiday, or give it its own hours (a short Christmas Eve), from Calendar > Exceptions. An exception replaces the weekday's hours for that date only.",
          source: help("calendar/exceptions"),
        },
        {
          title: "How agents book appointments",
          body: "During a call the agent offers free slots within working hours, confirms the date with the caller and books it with the contact's name and phone. Confirmed bookings appear in Calendar > Bookings and can send a reminder.",
          source: help("calendar/bookings"),
        },
        {
          title: "Missed appointments",
          body: "Mark a booking as a no-show when the contact did not come; the agent can call them back to rebook. Cancelled bookings free their slot at once.",
          source: help("calendar/no-show"),
        },
      ],
    },
    {
      name: "Ayuda en español",
      description: "Artículos en español para clientes de España y México.",
      articles: [
        {
          title: "Facturación y métodos de pago",
          body: "Las facturas mensuales están en Facturación > Facturas. Puedes pagar con tarjeta o por transferencia bancaria; la recarga con tarjeta es inmediata y la transferencia tarda uno o dos días hábiles.",
          source: help("es/facturacion"),
        },
        {
          title: "Configurar el número de WhatsApp",
          body: "Conecta tu cuenta de WhatsApp Business desde Canales > WhatsApp. El número no puede estar en uso en la aplicación y se verifica con un código por SMS o llamada.",
          source: help("es/whatsapp"),
        },
        {
          title: "Horario de atención y días festivos",
          body: "Define el horario de cada día de la semana en la zona horaria de la empresa y marca los festivos como cerrados. Los cambios de hora de verano e invierno se aplican automáticamente.",
          source: help("es/horario"),
        },
        {
          title: "Transferir una llamada a una persona",
          body: "El agente transfiere la llamada a un número o extensión cuando el cliente pide hablar con una persona. Fuera del horario de atención, toma un recado.",
          source: help("es/transferencia"),
        },
      ],
    },
  ],
};

export const salesPlaybook: KnowledgeBaseSeed = {
  name: "Sales playbook",
  description: "How the outbound agents answer objections and talk about prices.",
  collections: [
    {
      name: "Objections",
      description: "What to say when a prospect hesitates.",
      articles: [
        {
          title: "It is too expensive",
          body: "Compare the price with the cost of missed calls: one lost customer a month usually pays the plan. Offer the PAYG plan to start without commitment.",
          source: null,
        },
        {
          title: "We already have a receptionist",
          body: "The agent covers evenings, weekends and busy hours, and hands calls to the receptionist when a person is needed. It does not replace the team; it catches the calls they miss.",
          source: null,
        },
        {
          title: "Callers will not like talking to a machine",
          body: "Offer a test call. Most callers finish the call without asking for a person; those who ask are transferred at once.",
          source: null,
        },
        {
          title: "Send me information by email",
          body: "Agree to send it, and book a ten-minute follow-up call in the same conversation so the email is read.",
          source: null,
        },
      ],
    },
    {
      name: "Pricing",
      description: "Plans, minutes and discounts the agents may quote.",
      articles: [
        {
          title: "Quoting a plan",
          body: "Quote the Business plan for companies with more than one line, Starter for a single line. Prices exclude VAT; annual payment saves two months.",
          source: null,
        },
        {
          title: "Discounts the agent may offer",
          body: "The agent may offer the first month at half price to a prospect who books a demo. Larger discounts need a person from sales.",
          source: null,
        },
      ],
    },
  ],
};
