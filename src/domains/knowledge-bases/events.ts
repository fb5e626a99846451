import { z } from "@hono/zod-openapi";
import { defineEvent, type EventDefinition } from "../../data/events";
import { KnowledgeBaseCollection } from "./model";

export const collectionUpdated = defineEvent(
  "kb_collection.updated",
  "A knowledge-base collection was renamed or described; `collection` is the collection after the change, `changed_fields` the fields the request sent.",
  z.object({
    collection: KnowledgeBaseCollection,
    changed_fields: z
      .array(z.enum(["name", "description"]))
      .max(2)
      .openapi({ description: "The fields the request sent" }),
  }),
);

export const knowledgeBaseEvents: EventDefinition[] = [collectionUpdated];
