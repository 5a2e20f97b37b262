/** Data the record bodies are filled from. Data only. */

/** Activity categories: category, its main OKVED code and name, keywords and search tag slug. */
export const ACTIVITIES: readonly { category: string; okved: string; okvedName: string; keywords: readonly string[]; tag: string }[] = [
  {
    category: 'Интернет-магазины',
    okved: '47.91',
    okvedName: 'Торговля розничная по почте или по информационно-коммуникационной сети Интернет',
    keywords: ['купить онлайн', 'интернет магазин', 'доставка'],
    tag: 'internet-magazin',
  },
  {
    category: 'Строительство',
    okved: '41.20',
    okvedName: 'Строительство жилых и нежилых зданий',
    keywords: ['строительство домов', 'ремонт квартир'],
    tag: 'stroitelstvo',
  },
  {
    category: 'Медицина',
    okved: '86.23',
    okvedName: 'Стоматологическая практика',
    keywords: ['стоматология', 'клиника рядом'],
    tag: 'medicina',
  },
  {
    category: 'Автоуслуги',
    okved: '45.20',
    okvedName: 'Техническое обслуживание и ремонт автотранспортных средств',
    keywords: ['автосервис', 'шиномонтаж'],
    tag: 'avto',
  },
  {
    category: 'Грузоперевозки',
    okved: '49.41',
    okvedName: 'Деятельность автомобильного грузового транспорта',
    keywords: ['грузоперевозки', 'переезд'],
    tag: 'gruzoperevozki',
  },
  {
    category: 'Общественное питание',
    okved: '56.10',
    okvedName: 'Деятельность ресторанов и услуги по доставке продуктов питания',
    keywords: ['доставка еды', 'пицца'],
    tag: 'eda',
  },
  {
    category: 'IT-услуги',
    okved: '62.01',
    okvedName: 'Разработка компьютерного программного обеспечения',
    keywords: ['разработка сайтов', 'crm'],
    tag: 'it',
  },
  {
    category: 'Финансы',
    okved: '64.92',
    okvedName: 'Предоставление прочих финансовых услуг',
    keywords: ['займ онлайн', 'кредит'],
    tag: 'finansy',
  },
  {
    category: 'Юридические услуги',
    okved: '69.10',
    okvedName: 'Деятельность в области права',
    keywords: ['юрист', 'банкротство'],
    tag: 'yurist',
  },
  {
    category: 'Образование',
    okved: '85.41',
    okvedName: 'Образование дополнительное детей и взрослых',
    keywords: ['курсы', 'обучение онлайн'],
    tag: 'obrazovanie',
  },
  {
    category: 'Туризм',
    okved: '79.11',
    okvedName: 'Деятельность туристических агентств',
    keywords: ['туры', 'горящие путевки'],
    tag: 'turizm',
  },
  {
    category: 'Недвижимость',
    okved: '68.31',
    okvedName: 'Деятельность агентств недвижимости за вознаграждение или на договорной основе',
    keywords: ['квартиры', 'аренда'],
    tag: 'nedvizhimost',
  },
  { category: 'Мебель', okved: '31.09', okvedName: 'Производство прочей мебели', keywords: ['мебель на заказ', 'кухни'], tag: 'mebel' },
  {
    category: 'Оптовая торговля',
    okved: '46.90',
    okvedName: 'Торговля оптовая неспециализированная',
    keywords: ['оптом', 'поставки'],
    tag: 'opt',
  },
  {
    category: 'Красота',
    okved: '96.02',
    okvedName: 'Предоставление услуг парикмахерскими и салонами красоты',
    keywords: ['салон красоты', 'маникюр'],
    tag: 'krasota',
  },
  {
    category: 'Энергетика',
    okved: '35.11',
    okvedName: 'Производство электроэнергии',
    keywords: ['электромонтаж', 'солнечные панели'],
    tag: 'energetika',
  },
];

export const EXTRA_OKVEDS: readonly (readonly [string, string])[] = [
  ['46.19', 'Деятельность агентов по оптовой торговле универсальным ассортиментом товаров'],
  ['47.19', 'Торговля розничная прочая в неспециализированных магазинах'],
  ['52.10', 'Деятельность по складированию и хранению'],
  ['70.22', 'Консультирование по вопросам коммерческой деятельности и управления'],
  ['73.11', 'Деятельность рекламных агентств'],
  ['82.99', 'Деятельность по предоставлению прочих вспомогательных услуг для бизнеса'],
];

/** Technologies: name, category, group, website, cpe vendor, oss, saas. */
export const TECHNOLOGIES: readonly (readonly [string, string, string, string, string, boolean, boolean])[] = [
  ['nginx', 'Web servers', 'Servers', 'https://nginx.org', 'f5:nginx', true, false],
  ['1C-Bitrix', 'CMS', 'Content', 'https://www.1c-bitrix.ru', '1c-bitrix:bitrix', false, false],
  ['WordPress', 'CMS', 'Content', 'https://wordpress.org', 'wordpress:wordpress', true, false],
  ['Tilda', 'Page builders', 'Content', 'https://tilda.cc', 'tilda:tilda', false, true],
  ['React', 'JavaScript frameworks', 'Web development', 'https://react.dev', 'facebook:react', true, false],
  ['Vue.js', 'JavaScript frameworks', 'Web development', 'https://vuejs.org', 'vuejs:vue.js', true, false],
  ['jQuery', 'JavaScript libraries', 'Web development', 'https://jquery.com', 'jquery:jquery', true, false],
  ['PHP', 'Programming languages', 'Web development', 'https://www.php.net', 'php:php', true, false],
  ['Yandex.Metrika', 'Analytics', 'Analytics', 'https://metrika.yandex.ru', 'yandex:metrika', false, true],
  ['Google Analytics', 'Analytics', 'Analytics', 'https://marketingplatform.google.com', 'google:analytics', false, true],
  ['Cloudflare', 'CDN', 'Servers', 'https://www.cloudflare.com', 'cloudflare:cloudflare', false, true],
  ['Bootstrap', 'UI frameworks', 'Web development', 'https://getbootstrap.com', 'getbootstrap:bootstrap', true, false],
  ['OpenCart', 'Ecommerce', 'Sales', 'https://www.opencart.com', 'opencart:opencart', true, false],
  ['JivoSite', 'Live chat', 'Communication', 'https://www.jivo.ru', 'jivosite:jivosite', false, true],
];

export const SERVERS = ['nginx', 'nginx/1.24.0', 'Apache/2.4.57', 'cloudflare', 'ddos-guard', 'QRATOR'];
export const SOCIAL_HOSTS = ['https://vk.com/', 'https://t.me/', 'https://ok.ru/', 'https://dzen.ru/'];
export const COUNTRY_CODES = ['RU', 'KZ', 'BY', 'UZ', 'AM', 'DE', 'US'];
export const TRAFFIC_SOURCES = ['direct', 'search', 'social', 'referrals', 'mail', 'display'];
export const REVIEW_ASPECTS = ['доставка', 'качество', 'цены', 'персонал', 'сроки', 'поддержка', 'ассортимент', 'гарантия'];
export const PROVIDERS = ['landing-index', 'egrul-feed', 'whois-feed', 'web-crawler'];
export const REGISTRATORS = [
  'Межрайонная инспекция ФНС № 46 по г. Москве',
  'Межрайонная инспекция ФНС № 15 по Санкт-Петербургу',
  'Инспекция ФНС России № 18 по Республике Татарстан',
];
