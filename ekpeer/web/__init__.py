"""A seat for the friend with no terminal: ``ekpeer serve`` puts the ekpeer client in a browser.

* :mod:`ekpeer.web.server` serves a page (Textual's web driver drawn by xterm.js, the
  assets textual-serve ships) and starts one client process per browser session.
* :mod:`ekpeer.web.seat` is that process: the Textual client, able only to join tables of
  the one host it was started for, with its own key and its seat kept for a reload.

The web layer sits on top: it may use the client (``ekpeer.tui``) and the network layer,
and, like them, never a card.
"""
