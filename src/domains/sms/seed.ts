import type { SeedContext } from "../../core/domain";
import { chunkedInserts, runBatches } from "../../data/bulk";
import { daysAgo } from "../../lib/random";
import { pricedCompanyOf, smsPrices, type MessagePrice } from "../price-book";
import { smsMessages, type SmsMessageRow } from "./schema";
import { segmentSms } from "./segments";

const sent: readonly { to: string; country: string; text: string; failed?: boolean }[] = [
  { to: "+34612345678", country: "ES", text: "Hola Lucía, su visita es el martes a las 10:00. Reformas Demo" },
  {
    to: "+34655123987",
    country: "ES",
    text: "Marcos, el técnico pasará mañana a revisar los azulejos. Si no le viene bien, responda a este mensaje. ¡Gracias! Reformas Demo — atención al cliente, de lunes a viernes de 9:00 a 18:00.",
  },
  { to: "+351912345678", country: "PT", text: "Olá! A sua encomenda foi enviada. Reformas Demo" },
  { to: "+34699887766", country: "ES", text: "Recordatorio: visita el martes a las 10:00.", failed: true },
];

/** A few sent messages (one failed and refunded), at the company's prices (its price book); none for a small seed. */
export async function seedSmsDomain({ db, company, random, now, scale }: SeedContext): Promise<Record<string, number>> {
  const priced = scale === "full" ? await pricedCompanyOf(db, company.id) : undefined;
  const rateOf = priced
    ? await smsPrices(
        db,
        priced,
        sent.map((sms) => sms.country),
      )
    : new Map<string, MessagePrice>();
  const messages: SmsMessageRow[] = sent.flatMap((sms, index) => {
    const rate = rateOf.get(sms.country);
    if (!rate) return [];
    const { encoding, segments } = segmentSms(sms.text);
    const price = rate.amountMinor;
    const createdAt = daysAgo(random, now, index * 2 + 1);
    const message: SmsMessageRow = {
      id: crypto.randomUUID(),
      companyId: company.id,
      toNumber: sms.to,
      country: sms.country,
      body: sms.text,
      encoding,
      segments,
      pricePerSegmentMinor: price,
      costMinor: price * segments,
      currency: rate.currency,
      status: sms.failed ? "failed" : "sent",
      providerMessageId: sms.failed ? null : `SM${crypto.randomUUID().replaceAll("-", "")}`,
      failureReason: sms.failed ? "Twilio failed: it answered HTTP 500." : null,
      refunded: sms.failed === true,
      createdAt,
      sentAt: sms.failed ? null : new Date(Date.parse(createdAt) + 700).toISOString(),
      deliveryStatus: sms.failed ? null : "delivered",
      deliveryUpdatedAt: sms.failed ? null : new Date(Date.parse(createdAt) + 1_700).toISOString(),
      source: "api",
      sequence: 0,
    };
    return [message];
  });
  await runBatches(db, chunkedInserts(db, smsMessages, messages));
  return { sms_messages: messages.length };
}
