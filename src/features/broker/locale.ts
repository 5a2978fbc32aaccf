import enBroker from '../../../locales/en-US/broker.json';
import enConfig from '../../../locales/en-US/broker-config.json';
import zhBroker from '../../../locales/zh-HK/broker.json';
import zhConfig from '../../../locales/zh-HK/broker-config.json';
import { addNamespace } from '../../lib/i18n/index.ts';

// The broker and broker-config namespaces travel with the broker layout's chunk, not with the start-up bundle
// (src/lib/i18n; tests/e2e/bundle-budget.e2e.test.ts).
addNamespace('broker', { 'zh-HK': zhBroker, 'en-US': enBroker });
addNamespace('broker-config', { 'zh-HK': zhConfig, 'en-US': enConfig });
