import { z } from 'zod';
import { queryBoolean } from './common.ts';
import {
  layoutRecordTypes,
  layoutViewTypes,
  widgetDevices,
  type LayoutRedirect,
  type WidgetNode,
} from './layouts.lookup.ts';

/**
 * Layouts (api-contract §22): a page is a layout spec (sections holding widgets), hydrated with
 * data by `GET /layouts/lookup-hydrate` and drawn by the web's widget registry. The schemas live
 * here; everything else is in `layouts.lookup.ts` (zod-free, for the web app) and re-exported.
 */

export * from './layouts.lookup.ts';

const paramValue = z.union([z.string(), z.number(), z.boolean()]).transform(String);

/** `GET /layouts/lookup-hydrate` query (api-contract §22); `params` arrive as `params[key]=value`. */
export const lookupHydrateQuerySchema = z.object({
  layoutViewType: z.string().pipe(z.enum(layoutViewTypes)),
  recordType: z.string().pipe(z.enum(layoutRecordTypes)),
  recordID: z.string().trim().min(1).max(255),
  params: z
    .record(z.string(), z.union([paramValue, z.array(paramValue).transform((list) => list.join(','))]))
    .optional(),
  includeNoScript: queryBoolean.optional(),
});

export type LookupHydrateQuery = z.infer<typeof lookupHydrateQuerySchema>;

export const widgetNodeSchema = z.object({
  $reactComponent: z.string(),
  $reactProps: z.record(z.string(), z.unknown()),
  $middleware: z
    .object({ visibility: z.object({ device: z.enum(widgetDevices) }).optional() })
    .optional(),
});

/** `seo` of a hydrated layout: document title, meta description, meta tags, links, JSON-LD. */
export const layoutSeoSchema = z.object({
  title: z.string(),
  description: z.string(),
  meta: z.array(
    z.object({ name: z.string().optional(), property: z.string().optional(), content: z.string() }),
  ),
  /** `type` and `title` for `rel="alternate"` feed links (issue 14). */
  links: z.array(
    z.object({ rel: z.string(), href: z.string(), type: z.string().optional(), title: z.string().optional() }),
  ),
  'json-ld': z.array(z.record(z.string(), z.unknown())),
});

export type LayoutSeo = z.infer<typeof layoutSeoSchema>;

/** A hydrated layout (api-contract §22 200 answer). */
export const hydratedLayoutSchema = z.object({
  layoutID: z.union([z.number().int(), z.string()]),
  name: z.string(),
  layoutViewType: z.string(),
  isDefault: z.boolean(),
  titleBar: widgetNodeSchema,
  layout: z.array(widgetNodeSchema),
  contexts: z.array(widgetNodeSchema),
  seo: layoutSeoSchema,
});

export type HydratedLayout = Omit<z.infer<typeof hydratedLayoutSchema>, 'titleBar' | 'layout' | 'contexts'> & {
  titleBar: WidgetNode;
  layout: WidgetNode[];
  contexts: WidgetNode[];
};

/** The target should be shown elsewhere: the client replaces the page (api-contract §22). */
export const layoutRedirectSchema = z.object({
  redirectTo: z.string(),
  status: z.union([z.literal(301), z.literal(302)]),
}) satisfies z.ZodType<LayoutRedirect>;

export const lookupHydrateResponseSchema = z.union([hydratedLayoutSchema, layoutRedirectSchema]);

export type LookupHydrateResult = HydratedLayout | LayoutRedirect;

