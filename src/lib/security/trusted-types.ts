// Trusted Types (README "Security", why the session token stays readable by scripts: so an injected script
// must have less to work with). The sandbox's CSP says `require-trusted-types-for 'script'` and allows one
// policy, `default`, made here before anything else runs: every string that reaches a script-URL, script or
// HTML sink passes through it.
//  - script URLs (the market SharedWorker, module chunks): this origin only;
//  - script text (eval-like sinks): never;
//  - HTML: plain markup only — no script, frame, object or embed element, no event-handler attribute and no
//    javascript: URL. The app renders server text as text (React), so its own code never needs more; the
//    libraries write constant markup (lightweight-charts' attribution logo) or CSS text (primereact's styles).

type Policy = {
  createScriptURL: (value: string) => string;
  createScript: (value: string) => string;
  createHTML: (value: string) => string;
};
interface TrustedTypesFactory {
  createPolicy(name: string, rules: Policy): unknown;
}

const unsafeMarkup = /<\s*\/?\s*(script|iframe|frame|object|embed|base|meta|link|form)\b|\son[a-z]+\s*=|javascript\s*:|srcdoc\s*=/i;

export class TrustedTypesRefusal extends TypeError {
  override readonly name = 'TrustedTypesRefusal';
}

export function policyRules(origin: string): Policy {
  return {
    createScriptURL(value) {
      const url = new URL(value, origin);
      const sameOrigin = url.origin === origin || (url.protocol === 'blob:' && value.startsWith(`blob:${origin}/`));
      if (!sameOrigin) throw new TrustedTypesRefusal(`Script URL refused: ${url.origin}`);
      return value;
    },
    createScript() {
      throw new TrustedTypesRefusal('Script text refused');
    },
    createHTML(value) {
      if (unsafeMarkup.test(value)) throw new TrustedTypesRefusal('Markup with script refused');
      return value;
    },
  };
}

/** Creates the `default` policy once, where the browser has Trusted Types. */
export function installTrustedTypes(scope: { trustedTypes?: TrustedTypesFactory; location: { origin: string } } = globalThis as never): void {
  const factory = scope.trustedTypes;
  if (!factory) return;
  try {
    factory.createPolicy('default', policyRules(scope.location.origin));
  } catch {
    // Already made (a second copy of this module, e.g. in tests): the first one stands.
  }
}

installTrustedTypes();
