import enUS from '../../../../locales/en-US/broker-interest.json';
import zhHK from '../../../../locales/zh-HK/broker-interest.json';
import { addNamespace } from '../../../lib/i18n/index.ts';

// The broker-interest namespace travels with the interest and bill pages' chunk, not with the start-up bundle (src/lib/i18n).
addNamespace('broker-interest', { 'zh-HK': zhHK, 'en-US': enUS });
