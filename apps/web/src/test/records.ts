/** The record dictionaries as the server sends them: `name` is 'ch,ko,en[,addDays]'. */
export const recordDictionary = [
  {
    id: 1,
    dbname: 'mating',
    code: 'artificial-insemination',
    name: '人工授精,인공수정,Artificial insemination,1',
  },
  { id: 2, dbname: 'mating', code: 'natural', name: '自然交配,자연교배,Natural mating,0' },
  { id: 3, dbname: 'mating', code: 'embryo-transfer', name: '胚胎移植,수정란 이식,Embryo transfer,7' },
  { id: 4, dbname: 'diagnosisMethod', code: 'ultrasonic', name: '超声波检查,초음파 검사,Ultrasonic,40' },
  { id: 5, dbname: 'diagnosisMethod', code: 'hormone', name: '激素检测,호르몬 검사,Hormone test,51' },
  { id: 6, dbname: 'pregnancyStatus', code: 'pregnant', name: '已孕,임신,Pregnant' },
  { id: 7, dbname: 'pregnancyStatus', code: 'unpregnant', name: '未孕,미임신,Not pregnant' },
  { id: 8, dbname: 'pregnancyStatus', code: 'abort', name: '流产,유산,Aborted' },
  { id: 9, dbname: 'calvingMethod', code: 'normal', name: '正常分娩,정상 분만,Normal' },
  { id: 13, dbname: 'calvingMethod', code: 'abnormal', name: '难产,난산,Abnormal' },
  { id: 10, dbname: 'calvingResult', code: 'cow', name: '母犊,암송아지,Heifer calf' },
  { id: 11, dbname: 'calvingResult', code: 'stillbirth', name: '死胎,사산,Stillbirth' },
  { id: 12, dbname: 'disease', code: 'foot-and-mouth', name: '口蹄疫,구제역,Foot-and-mouth disease' },
];

/** The farm's own days: not the defaults, so a test shows they come from the settings. */
export const farmSettings = { Ultrasonic: 45, Inspection: 60, Rectal: 60, Hormone: 30, External: 60 };
