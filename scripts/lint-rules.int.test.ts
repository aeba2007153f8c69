import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The import rules of eslint.config.js, held to account: each probe breaks one rule and must be
 * reported by it, so a rule that goes quiet (a lost resolver, a renamed folder) fails here.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: root });

const ruleIds = async (file: string, code: string): Promise<string[]> => {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? `fatal: ${message.message}`);
};

const probes: { name: string; file: string; code: string; rule: string }[] = [
  {
    name: 'shared web code importing a feature',
    file: 'web/src/lib/probe.ts',
    code: "import { ChatList } from '@/features/chat/components/chat-list';\nexport const probe = ChatList;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'shared web code importing a feature by a relative path',
    file: 'web/src/components/probe.ts',
    code: "import { ChatList } from '../features/chat/components/chat-list';\nexport const probe = ChatList;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'a feature importing another feature',
    file: 'web/src/features/home/probe.ts',
    code: "import { ChatList } from '@/features/chat/components/chat-list';\nexport const probe = ChatList;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'shared web code importing the app layer',
    file: 'web/src/hooks/probe.ts',
    code: "import { AppProvider } from '@/app/provider';\nexport const probe = AppProvider;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'a feature importing another feature by a relative path',
    file: 'web/src/features/home/probe.ts',
    code: "import { ChatList } from '../chat/components/chat-list';\nexport const probe = ChatList;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'web code leaving its folder by a relative path instead of @/',
    file: 'web/src/features/home/probe.ts',
    code: "import { env } from '../../config/env';\nexport const probe = env;\n",
    rule: 'no-restricted-imports',
  },
  {
    name: 'the web app importing the TypeBox schemas by their path',
    file: 'web/src/lib/probe.ts',
    code: "import { User } from '../../../packages/contracts/src/schemas';\nexport const probe = User;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: "the web app importing one area's TypeBox schemas by their path",
    file: 'web/src/lib/probe.ts',
    code: "import { User } from '../../../packages/contracts/src/schemas/auth';\nexport const probe = User;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'the web app importing the server environment reader',
    file: 'web/src/lib/probe.ts',
    code: "import { port } from '../../../packages/config/src/index';\nexport const probe = port;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'a feature importing the app layer',
    file: 'web/src/features/home/probe.ts',
    code: "import { AppProvider } from '@/app/provider';\nexport const probe = AppProvider;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'the web app importing the API',
    file: 'web/src/lib/probe.ts',
    code: "import { loadConfig } from '../../../api/src/config';\nexport const probe = loadConfig;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'the web app importing TypeBox schemas',
    file: 'web/src/features/home/probe.ts',
    code: "import { User } from '@le/contracts/schemas';\nexport const probe = User;\n",
    rule: 'no-restricted-imports',
  },
  {
    name: 'socket.io-client outside the realtime client',
    file: 'web/src/features/chat/probe.ts',
    code: "import { io } from 'socket.io-client';\nexport const probe = io;\n",
    rule: 'no-restricted-imports',
  },
  {
    name: 'the realtime client outside the chat feature',
    file: 'web/src/features/home/probe.ts',
    code: "import { useRealtimeStore } from '@/lib/realtime-client';\nexport const probe = useRealtimeStore;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'the chat core importing the API',
    file: 'packages/chat-core/src/probe.ts',
    code: "import { newId } from '../../../api/src/lib/ids';\nexport const probe = newId;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'the chat core reading the environment',
    file: 'packages/chat-core/src/probe.ts',
    code: "import { port } from '../../config/src/index';\nexport const probe = port;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'the web app importing the realtime server',
    file: 'web/src/lib/probe.ts',
    code: "import { memoryPresence } from '../../../realtime-server/src/presence';\nexport const probe = memoryPresence;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'the realtime server importing the web app',
    file: 'realtime-server/src/probe.ts',
    code: "import { env } from '../../web/src/config/env';\nexport const probe = env;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'the contracts importing the chat core',
    file: 'packages/contracts/src/probe.ts',
    code: "import { rebuild } from '../../chat-core/src/projections';\nexport const probe = rebuild;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'the realtime server importing the API',
    file: 'realtime-server/src/probe.ts',
    code: "import { loadConfig } from '../../api/src/config';\nexport const probe = loadConfig;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'an import nothing resolves (it would slip past every rule)',
    file: 'web/src/lib/probe.ts',
    code: "import { nothing } from './no-such-module';\nexport const probe = nothing;\n",
    rule: 'import-x/no-unresolved',
  },
];

describe('the import rules', () => {
  it.each(probes)('report $name ($rule)', async ({ file, code, rule }) => {
    expect(await ruleIds(file, code)).toContain(rule);
  });

  it('let the allowed directions through (the probes fail for their rule, not for another reason)', async () => {
    expect(await ruleIds('web/src/features/chat/probe.ts', "import { useRealtimeStore } from '@/lib/realtime-client';\nexport const probe = useRealtimeStore;\n")).toEqual([]);
    expect(await ruleIds('web/src/app/routes/probe.ts', "import { ChatList } from '@/features/chat/components/chat-list';\nexport const probe = ChatList;\n")).toEqual([]);
    expect(await ruleIds('api/src/probe.ts', "import { rebuild } from '@le/chat-core';\nexport const probe = rebuild;\n")).toEqual([]);
  });

  describe('cycles', () => {
    // A dot folder: TypeScript and Vite never pick it up, and .gitignore keeps it out if a run dies.
    const dir = path.join(root, 'web/src/lib/.lint-probe-cycle');
    beforeAll(async () => {
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = (): number => b() + 1;\n");
      await writeFile(path.join(dir, 'b.ts'), "import { a } from './a';\nexport const b = (): number => a() - 1;\n");
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));

    it('reports two modules that import each other', async () => {
      const results = await eslint.lintFiles([path.join(dir, 'a.ts')]);
      expect(results.flatMap((result) => result.messages.map((message) => message.ruleId))).toContain('import-x/no-cycle');
    });
  });
});
