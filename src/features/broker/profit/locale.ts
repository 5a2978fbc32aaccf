import enUS from '../../../../locales/en-US/broker-profit.json';
import zhHK from '../../../../locales/zh-HK/broker-profit.json';
import { addNamespace } from '../../../lib/i18n/index.ts';

// The broker-profit namespace travels with the profit page's chunk, not with the start-up bundle (src/lib/i18n).
addNamespace('broker-profit', { 'zh-HK': zhHK, 'en-US': enUS });
