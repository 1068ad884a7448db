import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The allowed arrows of docs/architecture-boundaries.md, held by the lint (ADR 20). Each case
 * lints a one-line module placed inside a boundary, with the repository's own configuration: the
 * wrong import must be reported and the allowed one must not. The imported files are real, so the
 * resolver (tsconfig paths, workspace links) is exercised as it is on the real tree. The real
 * tree itself is held by `npm test`'s lint step, which runs the same rule over every file.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const RULE = 'import-x/no-restricted-paths';
const eslint = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => ruleId === RULE });

async function boundaryErrors(file: string, specifier: string): Promise<string[]> {
  const code = `import * as imported from '${specifier}';\nexport const used = imported;\n`;
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  if (!result) throw new Error(`no lint result for ${file}`);
  const fatal = result.messages.filter((message) => message.fatal);
  if (fatal.length > 0) throw new Error(`${file} did not parse: ${fatal[0]?.message}`);
  return result.messages.filter((message) => message.ruleId === RULE).map((message) => message.message);
}

interface Case {
  boundary: string;
  file: string;
  wrong: string[];
  allowed: string[];
}

const cases: Case[] = [
  {
    boundary: 'domain imports no other workspace',
    file: 'domain/src/boundary-probe.ts',
    wrong: ['../../server/src/config', '@portal/sandbox', '../../web/src/lib/cn', '../../demo-shop/src/index'],
    allowed: ['./index', 'zod'],
  },
  {
    boundary: 'the providers\' contracts import no workspace',
    file: 'contracts/src/boundary-probe.ts',
    wrong: ['@portal/domain', '../../server/src/config', '@portal/sandbox'],
    allowed: ['./shape', 'zod'],
  },
  {
    boundary: 'the sandbox imports only domain and the providers\' contracts',
    file: 'sandbox/src/boundary-probe.ts',
    wrong: ['../../server/src/lib/redact', '@portal/demo-shop', '../../web/src/lib/format'],
    allowed: ['@portal/domain', '@portal/contracts', './index'],
  },
  {
    boundary: 'the demo shop imports only domain',
    file: 'demo-shop/src/boundary-probe.tsx',
    wrong: ['../../server/src/config', '@portal/sandbox', '@portal/contracts'],
    allowed: ['@portal/domain', './index'],
  },
  {
    boundary: 'the portal\'s code never reads the providers\' contracts (its tests do)',
    file: 'server/src/providers/contract-probe.ts',
    wrong: ['@portal/contracts', '@portal/contracts/fixtures'],
    allowed: ['./http'],
  },
  {
    boundary: 'a web feature imports no other feature',
    file: 'web/src/features/sign/components/boundary-probe.tsx',
    wrong: ['@/features/payment/hooks/use-flow-application', '../../apply/api/submit', '@/features/auth/api/logout'],
    allowed: ['@/lib/flow/flow-step', '@/components/flow/back-to-merchant', '../hooks/use-signing-sessions'],
  },
  {
    boundary: 'layout components import no feature',
    file: 'web/src/components/layout/boundary-probe.tsx',
    wrong: ['@/features/applications/api/validate-reference', '@/app/routes'],
    allowed: ['@/lib/api/get-applications', '../ui/button'],
  },
  {
    boundary: 'UI components import no feature',
    file: 'web/src/components/ui/boundary-probe.tsx',
    wrong: ['@/features/apply/logic/variant'],
    allowed: ['@/lib/cn'],
  },
  {
    boundary: 'web lib imports no feature',
    file: 'web/src/lib/boundary-probe.ts',
    wrong: ['@/features/payment/logic/payment-polling'],
    allowed: ['./api-client'],
  },
  {
    boundary: 'the back office and the customer app are separate bundles',
    file: 'web/src/back-office/boundary-probe.tsx',
    wrong: ['@/features/auth/api/logout', '@/app/routes'],
    allowed: ['@/components/ui/button', '@/lib/api-client', './api'],
  },
  {
    boundary: 'the customer app does not import the back office',
    file: 'web/src/app/boundary-probe.tsx',
    wrong: ['@/back-office/api'],
    allowed: ['@/features/payment/hooks/use-flow-application', '@/lib/i18n'],
  },
  {
    boundary: 'services never import routes',
    file: 'server/src/services/boundary-probe.ts',
    wrong: ['../routes/payment-status'],
    allowed: ['../db/repositories/index', '../providers/index', '../lenders/index', './pricing'],
  },
  {
    boundary: 'repositories import neither services nor routes',
    file: 'server/src/db/repositories/boundary-probe.ts',
    wrong: ['../../services/pricing', '../../routes/health'],
    allowed: ['./applications'],
  },
  {
    boundary: 'providers import neither services nor routes',
    file: 'server/src/providers/boundary-probe.ts',
    wrong: ['../services/pricing', '../routes/health'],
    allowed: ['./http'],
  },
  {
    boundary: 'lender flows import neither services nor routes',
    file: 'server/src/lenders/boundary-probe.ts',
    wrong: ['../services/pricing'],
    allowed: ['../providers/index'],
  },
  {
    boundary: 'routes call services',
    file: 'server/src/routes/boundary-probe.ts',
    wrong: [],
    allowed: ['../services/pricing', '../db/repositories/index'],
  },
];

describe('architecture boundaries', () => {
  for (const { boundary, file, wrong, allowed } of cases) {
    describe(boundary, () => {
      for (const specifier of wrong) {
        it(`reports ${specifier} imported in ${file}`, async () => {
          expect(await boundaryErrors(file, specifier)).toHaveLength(1);
        });
      }
      for (const specifier of allowed) {
        it(`allows ${specifier} imported in ${file}`, async () => {
          expect(await boundaryErrors(file, specifier)).toEqual([]);
        });
      }
    });
  }
});
