"""Languages: which ones Guildhall speaks, and the message catalogs behind them.

Catalogs are gettext `.po` files (`locales/<language>/LC_MESSAGES/guildhall.po`), read with Babel,
so translators and translation platforms work on them as they are. The message id is the English
text and the context says where it stands (`description`, `option`, `choice`, `reply`, ...);
placeholders are by name (`{player}`), the same in every language. A language is added by one
catalog file and one line in `LANGUAGES`.

Pure: no discord here. `cogs/language.py` hands these catalogs to discord.py's command tree.
"""

from bot.i18n.catalogs import DEFAULT_LANGUAGE as DEFAULT_LANGUAGE
from bot.i18n.catalogs import LANGUAGES as LANGUAGES
from bot.i18n.catalogs import Language as Language
from bot.i18n.catalogs import catalog_path as catalog_path
from bot.i18n.catalogs import command_names as command_names
from bot.i18n.catalogs import language_for_locale as language_for_locale
from bot.i18n.catalogs import placeholders as placeholders
from bot.i18n.catalogs import translate as translate
from bot.i18n.catalogs import translation as translation
from bot.i18n.saying import N_ as N_
from bot.i18n.saying import current_language as current_language
from bot.i18n.saying import say as say
from bot.i18n.saying import speak_from_here as speak_from_here
from bot.i18n.saying import speaking as speaking
from bot.i18n.saying import tr as tr
from bot.i18n.saying import tr_c as tr_c
from bot.i18n.saying import tr_n as tr_n
