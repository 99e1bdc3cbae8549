"""The hand checker: its page and the ``/api/explain`` API (``views``) and the sentences of its explanations
(``words``)."""
