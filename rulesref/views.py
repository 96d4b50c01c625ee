from django.shortcuts import render
from django.views.decorators.http import require_GET


@require_GET
def search(request):
    query = request.GET.get("q", "")[:200]
    return render(request, "rulesref/search.html", {"rules_query": query, "results": []})
