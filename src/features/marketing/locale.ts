import enUS from '../../../locales/en-US/marketing.json';
import zhHK from '../../../locales/zh-HK/marketing.json';
import { addNamespace } from '../../lib/i18n/index.ts';

// The marketing namespace travels with the marketing pages' chunk, not with the start-up bundle (src/lib/i18n).
addNamespace('marketing', { 'zh-HK': zhHK, 'en-US': enUS });
