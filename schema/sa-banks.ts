// South African banks and their universal (electronic) branch codes, for the practitioner
// profile's bank details: choosing the bank fills in the branch code, which scheme forms ask
// for beside the account number.
//
// Source: the banks' published universal branch codes as listed by ourpower.co.za, "South
// African Bank Branch Codes (2026)" (https://www.ourpower.co.za/tools/bank-branch-codes), each
// code agreeing with at least one other public list (we-sa.co.za, loanhub24.co.za); SA Post
// Bank and Bank Zero from those other lists. Compiled 2026-11-27. A bank that is not listed, or
// an account that needs its branch's own code, is entered as 'Another bank' with the code typed.
export const SA_BANKS_SOURCE = {
  url: 'https://www.ourpower.co.za/tools/bank-branch-codes',
  compiled: '2026-11-27',
} as const;

export const SA_BANKS = [
  { key: 'absa', name: 'Absa', branchCode: '632005' },
  { key: 'african-bank', name: 'African Bank', branchCode: '430000' },
  { key: 'bank-zero', name: 'Bank Zero', branchCode: '888000' },
  { key: 'bidvest', name: 'Bidvest Bank', branchCode: '462005' },
  { key: 'capitec', name: 'Capitec Bank', branchCode: '470010' },
  { key: 'discovery', name: 'Discovery Bank', branchCode: '679000' },
  { key: 'fnb', name: 'FNB (First National Bank)', branchCode: '250655' },
  { key: 'investec', name: 'Investec Bank', branchCode: '580105' },
  { key: 'nedbank', name: 'Nedbank', branchCode: '198765' },
  { key: 'postbank', name: 'SA Post Bank (Postbank)', branchCode: '460005' },
  { key: 'standard-bank', name: 'Standard Bank', branchCode: '051001' },
  { key: 'tymebank', name: 'TymeBank', branchCode: '678910' },
] as const;

export type SaBank = (typeof SA_BANKS)[number];
export type SaBankKey = SaBank['key'];
/** Any bank not in the list: the practitioner types its name and branch code. */
export const OTHER_BANK = 'other' as const;

export function bankByKey(key: string): SaBank | undefined {
  return SA_BANKS.find((bank) => bank.key === key);
}
