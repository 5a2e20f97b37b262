/** Word lists the sandbox composes names, addresses and record contents from. Data only. */

export const LATIN_WORDS = [
  'shop', 'market', 'tech', 'auto', 'stroy', 'mebel', 'dom', 'servis', 'optom', 'profi', 'lux', 'city', 'best',
  'smart', 'eco', 'zoloto', 'remont', 'okna', 'dveri', 'kuhni', 'tury', 'travel', 'med', 'klinika', 'dent',
  'beauty', 'cvety', 'pizza', 'sushi', 'food', 'dostavka', 'taxi', 'cargo', 'logistic', 'print', 'design', 'web',
  'soft', 'cloud', 'data', 'finance', 'credit', 'invest', 'legal', 'yurist', 'consult', 'school', 'kursy', 'sport',
  'fitness', 'kids', 'toys', 'pet', 'zoo', 'garden', 'agro', 'metal', 'energo', 'svet', 'elektro', 'santeh',
  'teplo', 'krovlya', 'bani', 'moda', 'obuv', 'shiny', 'diski', 'zapchasti', 'gruz', 'sklad', 'opt', 'prom',
];

export const CYRILLIC_WORDS = [
  'пример', 'магазин', 'цветы', 'доставка', 'ремонт', 'окна', 'мебель', 'такси', 'пицца', 'строй', 'юрист',
  'клиника', 'стоматология', 'автосервис', 'шины', 'кухни', 'двери', 'бани', 'грузчики', 'сантехник',
];

/** TLDs of Latin domains with their weights. */
export const TLDS: readonly (readonly [string, number])[] = [
  ['ru', 55], ['com', 15], ['su', 4], ['net', 6], ['online', 5], ['shop', 4], ['store', 3], ['pro', 4], ['org', 4],
];

export const COMPANY_WORDS = [
  'Ромашка', 'Вектор', 'Альфа', 'Гарант', 'Меридиан', 'Прогресс', 'Импульс', 'Сфера', 'Орион', 'Горизонт', 'Лидер',
  'Партнёр', 'Капитал', 'Профи', 'Эталон', 'Феникс', 'Атлант', 'Восход', 'Север', 'Континент', 'Стандарт', 'Модуль',
  'Интегра', 'Авангард', 'Байкал', 'Волга', 'Урал', 'Сибирь', 'Кристалл', 'Гермес', 'Титан', 'Пульсар', 'Сигма',
  'Дельта', 'Омега', 'Триумф', 'Ника', 'Аврора', 'Звезда', 'Радуга',
];

export const COMPANY_SUFFIXES = [
  '', '', '', 'Трейд', 'Групп', 'Плюс', 'Сервис', 'Строй', 'Торг', 'Инвест', 'Логистик', 'Техно', 'Мед', 'Агро',
  'Снаб', 'Маркет', 'Консалт', 'Девелопмент', 'Холдинг', 'Софт', 'Про', 'Экспорт', 'Центр',
];

/** Legal forms: short, weight, full. */
export const LEGAL_FORMS: readonly (readonly [string, number, string])[] = [
  ['ООО', 75, 'Общество с ограниченной ответственностью'],
  ['АО', 10, 'Акционерное общество'],
  ['ЗАО', 5, 'Закрытое акционерное общество'],
  ['ПАО', 3, 'Публичное акционерное общество'],
  ['АНО', 3, 'Автономная некоммерческая организация'],
  ['НКО', 4, 'Некоммерческая организация'],
];

export const SURNAMES = [
  'Иванов', 'Петров', 'Сидоров', 'Смирнов', 'Кузнецов', 'Попов', 'Васильев', 'Соколов', 'Михайлов', 'Новиков',
  'Фёдоров', 'Морозов', 'Волков', 'Алексеев', 'Лебедев', 'Семёнов', 'Егоров', 'Павлов', 'Козлов', 'Степанов',
  'Николаев', 'Орлов', 'Андреев', 'Макаров', 'Никитин', 'Захаров', 'Зайцев', 'Соловьёв', 'Борисов', 'Яковлев',
];
export const MALE_NAMES = ['Иван', 'Пётр', 'Сергей', 'Алексей', 'Дмитрий', 'Андрей', 'Михаил', 'Николай', 'Владимир', 'Олег', 'Артём', 'Максим'];
export const FEMALE_NAMES = ['Анна', 'Мария', 'Елена', 'Ольга', 'Татьяна', 'Наталья', 'Ирина', 'Светлана', 'Юлия', 'Екатерина'];
export const PATRONYMIC_ROOTS = ['Иванов', 'Петров', 'Сергеев', 'Алексеев', 'Дмитриев', 'Андреев', 'Михайлов', 'Николаев', 'Владимиров', 'Олегов'];

/** Cities: name, region code (INN/OGRN), federal district, OKATO prefix. */
export const CITIES: readonly (readonly [string, string, string, string])[] = [
  ['Москва', '77', 'Центральный', '45'],
  ['Санкт-Петербург', '78', 'Северо-Западный', '40'],
  ['Новосибирск', '54', 'Сибирский', '50'],
  ['Екатеринбург', '66', 'Уральский', '65'],
  ['Казань', '16', 'Приволжский', '92'],
  ['Нижний Новгород', '52', 'Приволжский', '22'],
  ['Челябинск', '74', 'Уральский', '75'],
  ['Самара', '63', 'Приволжский', '36'],
  ['Ростов-на-Дону', '61', 'Южный', '60'],
  ['Уфа', '02', 'Приволжский', '80'],
  ['Красноярск', '24', 'Сибирский', '04'],
  ['Воронеж', '36', 'Центральный', '20'],
  ['Пермь', '59', 'Приволжский', '57'],
  ['Краснодар', '23', 'Южный', '03'],
  ['Владивосток', '25', 'Дальневосточный', '05'],
  ['Калининград', '39', 'Северо-Западный', '27'],
];

export const STREETS = [
  'ул. Ленина', 'ул. Гагарина', 'пр-т Мира', 'ул. Советская', 'ул. Садовая', 'ул. Центральная', 'ул. Молодёжная',
  'ул. Школьная', 'ул. Лесная', 'ул. Набережная', 'пр-т Победы', 'ул. Пушкина', 'ул. Кирова', 'ул. Заводская',
  'ш. Энтузиастов', 'ул. Строителей', 'б-р Космонавтов', 'ул. Чехова', 'пер. Почтовый', 'ул. Луговая',
];

export const CYRILLIC_TO_LATIN: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm',
  н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'h', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'sch',
  ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
};

export const MAIL_PROVIDERS = ['mail.ru', 'yandex.ru', 'gmail.com', 'bk.ru', 'inbox.ru', 'list.ru', 'rambler.ru'];
export const ROLE_MAILBOXES = ['info', 'sales', 'support', 'office', 'buh', 'zakaz', 'hr', 'admin', 'director'];
export const MAIL_TAGS = ['shop', 'promo', 'orders', 'news', 'crm'];

export const REGISTRARS = ['RU-CENTER-RU', 'REGRU-RU', 'R01-RU', 'BEGET-RU', 'TIMEWEB-RU', 'NAUNET-RU', 'GODADDY-US', 'NAMECHEAP-US'];

/** Well-known DNS hosting: name-server pairs; further groups are synthesised as ns1/ns2.hosting-N.ru. */
export const NAME_SERVER_PAIRS: readonly (readonly [string, string])[] = [
  ['ns1.reg.ru', 'ns2.reg.ru'],
  ['ns1.timeweb.ru', 'ns2.timeweb.ru'],
  ['dns1.yandex.net', 'dns2.yandex.net'],
  ['ns1.beget.com', 'ns2.beget.com'],
  ['anna.ns.cloudflare.com', 'bob.ns.cloudflare.com'],
  ['ns3-l2.nic.ru', 'ns4-l2.nic.ru'],
];

/** Public mail exchangers; further groups are synthesised as mx.mailhost-N.ru. */
export const PUBLIC_MX = ['mx.yandex.net', 'aspmx.l.google.com', 'mxs.mail.ru', 'mx1.beget.com'];
