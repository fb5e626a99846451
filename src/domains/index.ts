import type { DomainModule } from "../core/domain";
import agency, { packagingOf } from "./agency";
import agents from "./agents";
import alerts from "./alerts";
import analytics from "./analytics";
import announcements from "./announcements";
import apiKeys from "./api-keys";
import auditLog from "./audit-log";
import { billingDomain } from "./billing";
import budgets from "./budgets";
import calendar from "./calendar";
import { callsDomain } from "./calls";
import campaigns from "./campaigns";
import clients from "./clients";
import contactLists from "./contact-lists";
import contacts from "./contacts";
import documents from "./documents";
import email from "./email";
import conversations from "./conversations";
import emailTemplates from "./email-templates";
import inbox from "./inbox";
import invoices from "./invoices";
import knowledgeBases from "./knowledge-bases";
import priceBook from "./price-book";
import recados from "./recados";
import sms from "./sms";
import { teamDomain } from "./team";
import telephony, { hasNumber, numberHeld } from "./telephony";
import sequences from "./sequences";
import sipTrunks from "./sip-trunks";
import dialer from "./dialer";
import { webhooksDomain } from "./webhooks";
import whatsapp from "./whatsapp";

/**
 * The domains of the API, each listed once; adding a domain is adding its folder and a line here.
 * Order matters only for seeds (clients before budgets, contacts before contact lists, SIP trunks
 * before the numbers routed through them). The webhooks domain is built over the others: their
 * events are its catalogue.
 */
// Calls reads the company's numbers through telephony's check, handed here (telephony imports SIP
// trunks, which import billing, which reads calls: an import would close that circle).
const calls = callsDomain({ held: numberHeld, has: hasNumber });
// Billing and team refuse what a subaccount's agency does not offer, through the agency's reader of
// its packaging gates (the agency imports billing and, through calls, team: an import would close a circle).
const billing = billingDomain(packagingOf);
const team = teamDomain(packagingOf);

const productDomains: readonly DomainModule[] = [clients, budgets, invoices, auditLog, apiKeys, contacts, contactLists, team, billing, announcements, alerts, agents, calls, sipTrunks, telephony, dialer, analytics, calendar, knowledgeBases, emailTemplates, sequences, campaigns, email, sms, documents, recados, inbox, conversations, whatsapp, agency, priceBook];

export const domains: readonly DomainModule[] = [...productDomains, webhooksDomain(productDomains)];
