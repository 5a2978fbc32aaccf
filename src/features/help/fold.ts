/**
 * Chinese search folding: Traditional characters to their Simplified form, so that 提幣 and 提币, 帳戶 and 账户
 * are one spelling in the index and in the query (the articles are zh-HK, spec §1; a query in Simplified
 * spelling finds the same articles). Folding one way on both sides also merges the Traditional characters
 * that share one Simplified form (複/復 → 复, 製 → 制, 後 → 后), which a Simplified → Traditional table could not
 * choose between.
 *
 * The table covers every character of the zh-HK articles and help strings that has a different Simplified form
 * (a test checks that), plus the characters of common queries. A hand-made table rather than opencc-js: the
 * articles use some 500 characters, and the folding must stay in the help chunk.
 */
const PAIRS =
  '並并來来個个們们倉仓價价備备儲储兌兑內内兩两凍冻則则刪删劃划動动務务匯汇區区參参問问啟启單单嗎吗嘗尝圍围圖图團团報报場场塊块夠够' +
  '實实審审寫写將将專专尋寻對对屬属帳账賬账帐账幣币幫帮後后從从復复複复覆复態态應应懷怀戶户掃扫換换擇择擊击擬拟敗败數数於于時时暫暂曆历歷历' +
  '會会構构標标樣样機机檔档檢检沒没況况減减測测準准滿满瀏浏為为無无營营狀状現现產产畫画異异當当發发盜盗確确碼码種种稱称筆笔範范簡简級级約约' +
  '組组結结絕绝絡络統统綁绑經经維维網网線线編编續续義义聯联聲声與与舊旧處处虛虚號号裝装製制見见規规視视覽览訂订計计訊讯託托記记設设註注詢询' +
  '試试話话該该詳详認认誤误說说調调請请諾诺謝谢證证識识讀读變变讓让貨货貴贵費费貼贴資资較较輸输轉转辦办這这連连進进運运過过達达適适選选遺遗' +
  '還还邊边郵邮釣钓鈕钮銀银錄录錢钱錯错鎖锁鏈链鐘钟鑰钥長长閃闪閉闭開开閒闲間间閱阅關关隊队際际隨随險险雙双離离電电響响頁页項项須须預预題题' +
  '額额類类顯显風风餘余驗验驟骤魚鱼麼么點点條条據据歸归優优體体權权樂乐雜杂齊齐碼码罰罚幾几幹干鬆松億亿萬万廣广邏逻輯辑圓圆態态衛卫護护' +
  '別别決决竊窃詐诈騙骗補补償偿還还壞坏鬧闹陸陆錄录憑凭證证戶户齡龄熱热獲获鐵铁華华術术陳陈際际儀仪傳传蘭兰啓启墊垫寶宝嚴严擁拥擔担攜携斷断' +
  '槓杠桿杆貸贷紀纪損损臺台潛潜獨独債债購购贖赎鍵键';

const T2S = new Map<string, string>();
for (let i = 0; i + 1 < PAIRS.length; i += 2) T2S.set(PAIRS[i]!, PAIRS[i + 1]!);

/** The folded form of one character (itself when it has no other form). */
export function foldChar(char: string): string {
  return T2S.get(char) ?? char;
}

/** Text folded for search: NFKC (full-width letters and digits to ASCII), lower case, Traditional to Simplified. */
export function fold(text: string): string {
  let out = '';
  for (const char of text.normalize('NFKC').toLowerCase()) out += T2S.get(char) ?? char;
  return out;
}

/** The Traditional characters the table folds (for the test that the articles are covered). */
export const foldedTraditional = (): ReadonlySet<string> => new Set([...T2S.keys()].filter((k) => T2S.get(k) !== k));
