import enUS from '../../../../locales/en-US/broker-analytics.json';
import zhHK from '../../../../locales/zh-HK/broker-analytics.json';
import { addNamespace } from '../../../lib/i18n/index.ts';

// The broker-analytics namespace travels with the investmentChart page's chunk, not with the start-up bundle (src/lib/i18n).
addNamespace('broker-analytics', { 'zh-HK': zhHK, 'en-US': enUS });
