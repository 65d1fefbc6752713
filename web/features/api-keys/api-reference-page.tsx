// /dashboard/api-reference (issue 40): the API's description for staff and the bureau's
// integrator, read from /api/openapi.json (generated from the contracts): each call's method,
// path, summary, key scope and the JSON Schemas of what it takes and answers; and the webhooks
// the billing system receives (decision 122), each with its headers and payload.
import { getRouteApi } from '@tanstack/react-router';
import { usePageTitle } from '../../lib/page-title.ts';
import { Card } from '../../ui/card.tsx';

const route = getRouteApi('/dashboard/_staff/api-reference');

type Operation = {
  summary: string;
  description?: string;
  tags: string[];
  requestBody?: { content: { 'application/json': { schema: unknown } } };
  parameters: { name: string; in: string; required: boolean }[];
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
};

function Schema({ label, schema }: { label: string; schema: unknown }) {
  return (
    <details className="mt-2">
      <summary className="flex min-h-11 cursor-pointer items-center rounded-md text-sm font-medium text-teal-700 underline outline-none focus-visible:ring-2 focus-visible:ring-teal-600 dark:text-teal-400">
        Show {label.toLowerCase()} (JSON Schema)
      </summary>
      <pre className="mt-1 max-h-96 overflow-auto rounded-md bg-slate-100 p-3 text-xs dark:bg-slate-800">
        {JSON.stringify(schema, null, 2)}
      </pre>
    </details>
  );
}

export function ApiReferencePage() {
  usePageTitle('API reference');
  const doc = route.useLoaderData() as {
    info: { description: string };
    paths: Record<string, Record<string, Operation>>;
    webhooks?: Record<string, { post: Operation }>;
  };
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, op })),
  );
  return (
    <div className="space-y-6">
      <div className="max-w-2xl">
        <h1 className="text-2xl font-bold">API reference</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{doc.info.description}</p>
        <p className="mt-1 text-sm">
          The machine-readable description:{' '}
          <a
            href="/api/openapi.json"
            className="text-teal-700 underline dark:text-teal-400"
            download="openapi.json"
          >
            openapi.json
          </a>
        </p>
      </div>
      {['Machine API', 'Public API'].map((tag) => (
        <section key={tag} aria-labelledby={`tag-${tag}`} className="space-y-3">
          <h2 id={`tag-${tag}`} className="text-xl font-semibold">
            {tag}
          </h2>
          {operations
            .filter(({ op }) => op.tags.includes(tag))
            .map(({ path, method, op }) => (
              <Card key={`${method} ${path}`}>
                <h3 className="font-mono text-sm font-semibold break-all">
                  {method.toUpperCase()} {path}
                </h3>
                <p className="mt-1 text-sm">{op.summary}</p>
                {op.description ? (
                  <p className="text-sm text-slate-600 dark:text-slate-300">{op.description}</p>
                ) : null}
                {op.parameters.some((p) => p.in === 'query') ? (
                  <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
                    Query:{' '}
                    {op.parameters
                      .filter((p) => p.in === 'query')
                      .map((p) => p.name)
                      .join(', ')}
                  </p>
                ) : null}
                {op.requestBody ? (
                  <Schema
                    label="Request body"
                    schema={op.requestBody.content['application/json'].schema}
                  />
                ) : null}
                <Schema
                  label="Answer (200)"
                  schema={op.responses['200']?.content?.['application/json']?.schema}
                />
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
                  Errors:{' '}
                  {Object.entries(op.responses)
                    .filter(([status]) => status !== '200')
                    .map(([status, r]) => `${status} ${r.description}`)
                    .join('; ')}
                </p>
              </Card>
            ))}
        </section>
      ))}
      <section aria-labelledby="tag-webhooks" className="space-y-3">
        <h2 id="tag-webhooks" className="text-xl font-semibold">
          Webhooks
        </h2>
        <p className="max-w-2xl text-sm text-slate-600 dark:text-slate-300">
          What the billing system receives at the address kept under Dashboard → Webhooks: a POST
          with these headers and body.
        </p>
        {Object.entries(doc.webhooks ?? {}).map(([type, { post }]) => (
          <Card key={type}>
            <h3 className="font-mono text-sm font-semibold break-all">{type}</h3>
            <p className="mt-1 text-sm">{post.summary}</p>
            <p className="text-sm text-slate-600 dark:text-slate-300">{post.description}</p>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
              Headers: {post.parameters.map((p) => p.name).join(', ')}
            </p>
            <Schema label="Body" schema={post.requestBody?.content['application/json'].schema} />
          </Card>
        ))}
      </section>
    </div>
  );
}
