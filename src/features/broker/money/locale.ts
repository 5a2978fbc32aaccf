import enUS from '../../../../locales/en-US/broker-money.json';
import zhHK from '../../../../locales/zh-HK/broker-money.json';
import { addNamespace } from '../../../lib/i18n/index.ts';

// The broker-money namespace travels with the money pages' chunk, not with the start-up bundle (src/lib/i18n).
addNamespace('broker-money', { 'zh-HK': zhHK, 'en-US': enUS });
