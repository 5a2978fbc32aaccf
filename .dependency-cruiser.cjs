// The sandbox's layers (README "Layout"; ../shared/CONVENTIONS.md "Server layers"): every import points down —
// platform ← identity, ledger ← the domains ← server/app.ts — and a domain reaches another only through that
// domain's index.ts. `npm run lint` runs these rules; any violation fails it.
const DOMAINS = '(wallet|convert|otc|loans|electricity|trade|broker|help|messages)';
const BELOW_DOMAINS = '(platform|identity|ledger|sim)';

/** A layer that imports nothing else of server/ but itself and the folders `below`. */
function standsOn(name, comment, layer, below) {
  return {
    name,
    comment,
    severity: 'error',
    from: { path: `^server/${layer}/` },
    to: { path: '^server/', pathNot: `^server/(${[layer, ...below].join('|')})/` },
  };
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    standsOn('platform-imports-platform-only', 'server/platform is the kernel every layer stands on: it imports nothing else of server/.', 'platform', []),
    standsOn('identity-on-platform-only', 'server/identity (users, sign-in, sessions, codes, KYC, step-up) stands on server/platform alone.', 'identity', ['platform']),
    standsOn('ledger-on-platform-only', 'server/ledger (postings and balances) stands on server/platform alone.', 'ledger', ['platform']),
    standsOn('sim-stands-alone', 'server/sim is the exchange stand-in: it knows nothing of the provider API.', 'sim', []),
    {
      name: 'sim-through-its-entry',
      comment: 'The domains read the simulated exchange through server/sim/index.ts only.',
      severity: 'error',
      from: { path: `^server/${DOMAINS}/` },
      to: { path: '^server/sim/', pathNot: '^server/sim/index\\.ts$' },
    },
    {
      name: 'domain-to-domain-through-index',
      comment: "A domain asks another one through that domain's index.ts (its small exported service), never its inner files.",
      severity: 'error',
      from: { path: `^server/${DOMAINS}/` },
      to: { path: `^server/${DOMAINS}/`, pathNot: [`^server/$1/`, `^server/${DOMAINS}/index\\.ts$`] },
    },
    {
      name: 'plugins-composed-in-app',
      comment: 'Routes are registered in one place: server/app.ts composes the domain plugins.',
      severity: 'error',
      from: { pathNot: '^server/app\\.ts$' },
      to: { path: `^server/(${DOMAINS.slice(1, -1)}|identity)/plugin\\.ts$` },
    },
    {
      name: 'nothing-imports-the-composition',
      comment: 'server/app.ts and server/main.ts are the top: no layer of server/ imports them.',
      severity: 'error',
      from: { path: `^server/(${BELOW_DOMAINS.slice(1, -1)}|${DOMAINS.slice(1, -1)})/` },
      to: { path: '^server/(app|main)\\.ts$' },
    },
    {
      name: 'contract-imports-neither-side',
      comment: 'contract/ is imported by server/ and src/ and imports neither (../shared/CONVENTIONS.md "One contract").',
      severity: 'error',
      from: { path: '^contract/' },
      to: { path: '^(server|src)/' },
    },
    {
      name: 'no-module-cycle',
      comment: 'A cycle of modules in server/ or contract/ through value imports (a type-only import runs nothing, so it cannot make a load-order cycle).',
      severity: 'error',
      from: { path: '^(server|contract)/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-folder-cycle',
      comment: 'A cycle among the folders of server/: the layers are a tree of arrows pointing down.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^server/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.node.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
