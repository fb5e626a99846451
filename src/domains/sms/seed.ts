import type { SeedContext } from "../../core/domain";
import { chunkedInserts, runBatches } from "../../core/db/bulk";
import { daysAgo } from "../../core/random";
import { smsMessages, smsRates, type SmsMessageRow, type SmsRateRow } from "./schema";
import { segmentSms } from "./segments";

/** Per-segment prices in minor units of the company's currency, by destination. */
const prices: readonly [string, number][] = [
  ["ES", 7],
  ["PT", 6],
  ["FR", 8],
  ["GB", 5],
  ["DE", 9],
  ["US", 2],
  ["MX", 6],
];

const sent: readonly { to: string; country: string; text: string; failed?: boolean }[] = [
  { to: "+34612345678", country: "ES", text: "Hola Lucía, su visita es el martes a las 10:00. Reformas Demo" },
  { to: "+34655123987", country: "ES", text: "Marcos, el técnico pasará mañana a revisar los azulejos. Si no le viene bien, responda a este mensaje. ¡Gracias! Reformas Demo — atención al cliente, de lunes a viernes de 9:00 a 18:00." },
  { to: "+351912345678", country: "PT", text: "Olá! A sua encomenda foi enviada. Reformas Demo" },
  { to: "+34699887766", country: "ES", text: "Recordatorio: visita el martes a las 10:00.", failed: true },
];

/** SMS prices for the company's destinations and a few sent messages (one failed and refunded); prices only for a small seed. */
export async function seedSmsDomain({ db, company, random, now, scale }: SeedContext): Promise<Record<string, number>> {
  const at = new Date(now - 100 * 86_400_000).toISOString();
  const rates: SmsRateRow[] = prices.map(([country, price]) => ({ id: crypto.randomUUID(), companyId: company.id, country, pricePerSegmentMinor: price, currency: company.currency, createdAt: at, updatedAt: at }));
  const rateOf = new Map(rates.map((rate) => [rate.country, rate]));
  const messages: SmsMessageRow[] = (scale === "full" ? sent : []).map((sms, index) => {
    const { encoding, segments } = segmentSms(sms.text);
    const price = rateOf.get(sms.country)!.pricePerSegmentMinor;
    const createdAt = daysAgo(random, now, index * 2 + 1);
    return {
      id: crypto.randomUUID(),
      companyId: company.id,
      toNumber: sms.to,
      country: sms.country,
      body: sms.text,
      encoding,
      segments,
      pricePerSegmentMinor: price,
      costMinor: price * segments,
      currency: company.currency,
      status: sms.failed ? "failed" : "sent",
      providerMessageId: sms.failed ? null : `SM${crypto.randomUUID().replaceAll("-", "")}`,
      failureReason: sms.failed ? "Twilio failed: it answered HTTP 500." : null,
      refunded: sms.failed === true,
      createdAt,
      sentAt: sms.failed ? null : new Date(Date.parse(createdAt) + 700).toISOString(),
      deliveryStatus: sms.failed ? null : "delivered",
      deliveryUpdatedAt: sms.failed ? null : new Date(Date.parse(createdAt) + 1_700).toISOString(),
    };
  });
  await runBatches(db, [...chunkedInserts(db, smsRates, rates), ...chunkedInserts(db, smsMessages, messages)]);
  return { sms_rates: rates.length, sms_messages: messages.length };
}
